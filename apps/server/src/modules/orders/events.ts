// How orders tell the world: a new order rings its branch's board, a step reaches its customer
// and its branch. The socket rooms are the socket plugin's (plugins/socket.ts).
import { SOCKET_EVENTS, type OrderStatusEvent, type PlacedOrder } from '@comanda/shared';
import type { Realtime } from '../../plugins/socket';
import type { OrderPlugs } from './types';

/** The rooms an order's events go to. */
export interface OrderRooms {
  realtime: Pick<Realtime, 'toBranch' | 'toUserAndBranch'>;
}

/**
 * The end of confirm-cart's path: the new order to its branch, where the console's board rings,
 * then to what follows it there (the printers), which does not wait.
 */
export function orderPlaced(
  deps: OrderRooms & { plugs: Pick<OrderPlugs, 'placedHooks'> },
  order: PlacedOrder,
  branchId: number,
): void {
  deps.realtime.toBranch(branchId, SOCKET_EVENTS.newOrder, order);
  for (const hook of deps.plugs.placedHooks) hook(order, branchId);
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
