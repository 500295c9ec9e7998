// How orders tell the world: a new order rings its branch's board, a step reaches its customer
// and its branch. The socket rooms are the socket plugin's (plugins/socket.ts).
import { SOCKET_EVENTS, type OrderStatusEvent, type PlacedOrder } from '@comanda/shared';
import type { Realtime } from '../../plugins/socket';

/** The rooms an order's events go to. */
export interface OrderRooms {
  realtime: Pick<Realtime, 'toBranch' | 'toUserAndBranch'>;
}

/** The end of confirm-cart's path: the new order to its branch, where the console's board rings. */
export function orderPlaced(deps: OrderRooms, order: PlacedOrder, branchId: number): void {
  deps.realtime.toBranch(branchId, SOCKET_EVENTS.newOrder, order);
}

/** A step of an order (or a payment's outcome) to its customer and its branch at once. */
export function orderStatusChanged(
  deps: OrderRooms,
  order: PlacedOrder,
  userId: number,
  branchId: number,
): void {
  const event: OrderStatusEvent = {
    order_id: order.id,
    status: order.status,
    status_text: order.status_text,
    at: order.history.at(-1)?.at ?? order.created_at,
    promised_at: order.promised_at,
    reason: order.reject_reason,
    order,
  };
  deps.realtime.toUserAndBranch(userId, branchId, SOCKET_EVENTS.orderStatus, event);
}
