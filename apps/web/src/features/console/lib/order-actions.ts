import {
  canStep,
  nextTarget,
  ORDER_STATUS_TEXT,
  type OrderStatus,
  type PlacedOrder,
} from '@comanda/shared';

export type OrderAction =
  | { kind: 'accept'; label: 'Aceptar' }
  | { kind: 'reject'; label: 'Rechazar' }
  | { kind: 'cancel'; label: 'Cancelar' }
  | { kind: 'advance'; label: string; to: OrderStatus };

/**
 * What the card offers for an order, main action first. Accepting and rejecting ask one more
 * question (the time, the reason); the rest are one tap to the next status the shared graph names
 * (an accepted order goes to "Listo": the server passes it through "En preparación"), then
 * Cancelar while the graph allows it. An order in a courier's trip goes En camino when the
 * courier taps Salí, not from the counter (`inTrip`).
 */
export function orderActions(
  order: Pick<PlacedOrder, 'status' | 'type_delivery'>,
  inTrip = false,
): OrderAction[] {
  if (order.status === 'received') {
    return [
      { kind: 'accept', label: 'Aceptar' },
      { kind: 'reject', label: 'Rechazar' },
    ];
  }
  const to = nextTarget(order.status, order.type_delivery);
  const offered = to && !(inTrip && to === 'on_the_way');
  const actions: OrderAction[] = offered
    ? [{ kind: 'advance', label: ORDER_STATUS_TEXT[to], to }]
    : [];
  // After accepting, the branch may still call it off (the customer phoned, the courier never
  // came) while the order is in its hands: the shared graph says where that is allowed.
  if (canStep(order.status, 'cancelled', order.type_delivery))
    actions.push({ kind: 'cancel', label: 'Cancelar' });
  return actions;
}
