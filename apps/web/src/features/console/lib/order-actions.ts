import { nextTarget, ORDER_STATUS_TEXT, type OrderStatus, type PlacedOrder } from '@comanda/shared';

export type OrderAction =
  | { kind: 'accept'; label: 'Aceptar' }
  | { kind: 'reject'; label: 'Rechazar' }
  | { kind: 'advance'; label: string; to: OrderStatus };

/**
 * What the card offers for an order, main action first. Accepting and rejecting ask one more
 * question (the time, the reason); the rest are one tap to the next status the shared graph names
 * (an accepted order goes to "Listo": the server passes it through "En preparación").
 */
export function orderActions(order: Pick<PlacedOrder, 'status' | 'type_delivery'>): OrderAction[] {
  if (order.status === 'received') {
    return [
      { kind: 'accept', label: 'Aceptar' },
      { kind: 'reject', label: 'Rechazar' },
    ];
  }
  const to = nextTarget(order.status, order.type_delivery);
  return to ? [{ kind: 'advance', label: ORDER_STATUS_TEXT[to], to }] : [];
}
