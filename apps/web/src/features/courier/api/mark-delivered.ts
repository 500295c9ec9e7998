import { endpoints, type Trip } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';

/** POST /api/courier/orders/{id}/delivered (Entregado) → the trip. */
export async function markDelivered(orderId: number): Promise<Trip> {
  return (await panelCall(endpoints.markDelivered, { params: { id: orderId } })).results;
}
