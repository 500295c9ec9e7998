import { endpoints, type CreateTripBody, type Trip } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useDispatchMutation } from './use-dispatch-mutation';

/** POST /api/staff/trips {courier_id, order_ids}: the orders, in delivery order, to one courier. */
export async function createTrip(body: CreateTripBody): Promise<Trip> {
  return (await panelCall(endpoints.createTrip, { body })).results;
}

export const useCreateTrip = (branchId: number) => useDispatchMutation(branchId, createTrip);
