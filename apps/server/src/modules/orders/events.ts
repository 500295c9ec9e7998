// How orders tell the world: a new order rings its branch's board, a step reaches its customer
// and its branch. The socket rooms are the socket plugin's (plugins/socket.ts).
import {
  SOCKET_EVENTS,
  type OrderStatus,
  type OrderStatusEvent,
  type PlacedOrder,
} from '@comanda/shared';
import type { Realtime } from '../../plugins/socket';
import type { OrderMetrics } from '../../plugins/metrics/order-metrics';
import type { OrderPlugs } from './types';

/** Where an order's events go: its rooms, and the metrics that count them (decision 079). */
export interface OrderRooms {
  realtime: Pick<Realtime, 'toBranch' | 'toUserAndBranch'>;
  metrics: OrderMetrics;
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
  deps.metrics.placed(branchId);
  for (const hook of deps.plugs.placedHooks) hook(order, branchId);
}

/**
 * A retry answered with its stored order, told to its branch again while it waits there for an
 * answer. The node that committed it may have stopped before telling anyone (killed between the
 * commit and `orderPlaced`), and the customer's retry reaches another node: without this, a
 * board whose socket never dropped would miss the order until its next read. A board keeps one
 * card per order, so telling it one it has changes nothing; what follows a new order (the
 * printers, the counters) happened once, with the first telling, and is not repeated. An order
 * still waiting for its money (or past it) is not the branch's to hear.
 */
export function orderToldAgain(
  deps: Pick<OrderRooms, 'realtime'>,
  order: PlacedOrder,
  branchId: number,
): void {
  if (order.status === 'received') deps.realtime.toBranch(branchId, SOCKET_EVENTS.newOrder, order);
}

/**
 * A committed move of an order through `entered` (its steps, in order): counted, then told to its
 * customer and branch. Every move that can accept, reject or cancel an order passes here, once
 * per move: staff's steps (status/status-change.ts), the branch's rules accepting, a customer's
 * cancel. A courier's steps and what payments move (to the branch, or given up) are told through
 * orderStatusChanged and orderPlaced: they count as no such event.
 */
export function orderMoved(
  deps: OrderRooms,
  moved: { order: PlacedOrder; userId: number; branchId: number },
  entered: readonly OrderStatus[],
): void {
  deps.metrics.entered(moved.branchId, entered);
  orderStatusChanged(deps, moved.order, moved.userId, moved.branchId);
}

/** A step of an order (or a payment's outcome, a courier's news) to its customer and its branch. */
export function orderStatusChanged(
  deps: Pick<OrderRooms, 'realtime'>,
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
