import { endpoints, type Trip, type UpdateTripBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useDispatchMutation } from './use-dispatch-mutation';

/** PUT /api/staff/trips/{id}: another courier and/or the orders again, before the courier leaves. */
export async function updateTrip({ id, ...body }: UpdateTripBody & { id: number }): Promise<Trip> {
  return (await panelCall(endpoints.updateTrip, { params: { id }, body })).results;
}

export const useUpdateTrip = (branchId: number) => useDispatchMutation(branchId, updateTrip);
