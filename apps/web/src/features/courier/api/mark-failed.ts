import { endpoints, type FailReason, type Trip } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';

/** POST /api/courier/orders/{id}/failed {reason} (No se pudo entregar) → the trip; the order goes back to the branch. */
export async function markFailed(orderId: number, reason: FailReason): Promise<Trip> {
  return (await panelCall(endpoints.markFailed, { params: { id: orderId }, body: { reason } }))
    .results;
}
