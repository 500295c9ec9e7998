import { ORDER_STATUS_TEXT, type OrderStatus, type PlacedOrder } from '@comanda/shared';

export type OrderAction =
  | { kind: 'accept'; label: 'Aceptar' }
  | { kind: 'reject'; label: 'Rechazar' }
  | { kind: 'advance'; label: string; to: OrderStatus };

const advance = (to: OrderStatus, label: string = ORDER_STATUS_TEXT[to]): OrderAction => ({
  kind: 'advance',
  label,
  to,
});

/**
 * What the card offers for an order, main action first. Accepting and rejecting ask one more
 * question (the time, the reason); the rest are one tap. "En camino" exists for delivery only.
 */
export function orderActions(order: Pick<PlacedOrder, 'status' | 'type_delivery'>): OrderAction[] {
  switch (order.status) {
    case 'received':
      return [
        { kind: 'accept', label: 'Aceptar' },
        { kind: 'reject', label: 'Rechazar' },
      ];
    case 'accepted':
    case 'preparing':
      return [advance('ready')];
    case 'ready':
      return [order.type_delivery === 2 ? advance('on_the_way') : advance('delivered')];
    case 'on_the_way':
      return [advance('delivered')];
    default:
      return [];
  }
}

/**
 * The statuses to send, in order, to bring an order to `to`. The server's path runs accepted →
 * preparing → ready; a kitchen that starts cooking on accepting marks it "Listo" in one tap, and
 * the order passes through "En preparación" on the way, as it did in the kitchen.
 */
export function stepsTo(from: OrderStatus, to: OrderStatus): OrderStatus[] {
  if (from === 'accepted' && to === 'ready') return ['preparing', 'ready'];
  return [to];
}
