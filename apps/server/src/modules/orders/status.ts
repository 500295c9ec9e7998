import type { OrderStatus } from '@comanda/shared';

/** Where an order may go from each status. `on_the_way` only for delivery orders. */
const NEXT: Record<OrderStatus, OrderStatus[]> = {
  received: ['accepted', 'rejected', 'cancelled'],
  accepted: ['preparing', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['on_the_way', 'delivered'],
  on_the_way: ['delivered'],
  delivered: [],
  rejected: [],
  cancelled: [],
};

export function canMove(from: OrderStatus, to: OrderStatus, typeDelivery: 1 | 2): boolean {
  if (to === 'on_the_way' && typeDelivery !== 2) return false;
  return NEXT[from].includes(to);
}
