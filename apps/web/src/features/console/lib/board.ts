import {
  COOKING_STATUSES,
  LATE_UNANSWERED_MINUTES,
  OPEN_ORDER_STATUSES,
  statusIn,
  type OrderStatus,
  type PlacedOrder,
} from '@comanda/shared';
import { newerOrder } from '@/lib/newer-order';

export type ColumnKey = 'new' | 'preparing' | 'ready' | 'on_the_way';

export interface BoardColumn {
  key: ColumnKey;
  title: string;
  statuses: readonly OrderStatus[];
}

/** The board's columns, in the order an order moves through them. */
export const BOARD_COLUMNS: readonly BoardColumn[] = [
  { key: 'new', title: 'Nuevos', statuses: ['received'] },
  { key: 'preparing', title: 'En preparación', statuses: COOKING_STATUSES },
  { key: 'ready', title: 'Listos', statuses: ['ready'] },
  { key: 'on_the_way', title: 'En camino', statuses: ['on_the_way'] },
];

const byAge = (a: PlacedOrder, b: PlacedOrder) =>
  Date.parse(a.placed_at) - Date.parse(b.placed_at) || a.id - b.id;

/** The open orders in their columns, oldest first in each (the one waiting longest on top). */
export function groupBoard(orders: readonly PlacedOrder[]): Record<ColumnKey, PlacedOrder[]> {
  const columns: Record<ColumnKey, PlacedOrder[]> = {
    new: [],
    preparing: [],
    ready: [],
    on_the_way: [],
  };
  for (const order of [...orders].sort(byAge)) {
    const column = BOARD_COLUMNS.find((candidate) => candidate.statuses.includes(order.status));
    if (column) columns[column.key].push(order);
  }
  return columns;
}

export interface AllDayCount {
  product_id: number;
  title: string;
  quantity: number;
}

/**
 * The kitchen's "all day": units of each product over the accepted orders not ready yet
 * ("12× Hamburguesa Clásica"), most first, so a cook fires a batch instead of reading tickets.
 * An order nobody has accepted is not the kitchen's yet: it may still be rejected.
 */
export function allDay(orders: readonly PlacedOrder[]): AllDayCount[] {
  const counts = new Map<number, AllDayCount>();
  for (const order of orders) {
    if (!statusIn(COOKING_STATUSES, order.status)) continue;
    for (const line of order.detail) {
      const current = counts.get(line.product_id);
      if (current) current.quantity += line.quantity;
      else
        counts.set(line.product_id, {
          product_id: line.product_id,
          title: line.title,
          quantity: line.quantity,
        });
    }
  }
  return [...counts.values()].sort(
    (a, b) => b.quantity - a.quantity || a.title.localeCompare(b.title, 'es'),
  );
}

/** Units in an order ("3 productos" on a compact row). */
export const unitCount = (order: Pick<PlacedOrder, 'detail'>) =>
  order.detail.reduce((sum, line) => sum + line.quantity, 0);

/** Whole minutes since `iso`, never negative (a device clock a little behind the server's). */
export function minutesSince(iso: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
}

/** "Ahora", "7 min", "1 h 05 min": how long an order has waited, short enough for a card. */
export function elapsedText(minutes: number): string {
  if (minutes < 1) return 'Ahora';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export type Lateness = 'unanswered' | 'past_promise';

/**
 * Why an order is late, if it is: unanswered for LATE_UNANSWERED_MINUTES, or still in the
 * kitchen after the time promised to the customer.
 */
export function lateness(
  order: Pick<PlacedOrder, 'status' | 'placed_at' | 'promised_at'> & { fire_at?: string },
  now: Date,
): Lateness | null {
  // A scheduled order waits for an answer from its fire time, not from when it was placed.
  if (order.status === 'received')
    return minutesSince(order.fire_at ?? order.placed_at, now) >= LATE_UNANSWERED_MINUTES
      ? 'unanswered'
      : null;
  if (statusIn(COOKING_STATUSES, order.status) && order.promised_at) {
    return Date.parse(order.promised_at) < now.getTime() ? 'past_promise' : null;
  }
  return null;
}

/** Orders waiting for someone to accept or reject them. */
export const unanswered = (orders: readonly PlacedOrder[]) =>
  orders.filter((order) => order.status === 'received');

/** The tab's title: "(2) Panel · Campiña" while two orders wait for an answer. */
export function boardTitle(unansweredCount: number, branchTitle: string): string {
  return `${unansweredCount > 0 ? `(${unansweredCount}) ` : ''}Panel · ${branchTitle}`;
}

const isOpen = (status: OrderStatus) =>
  (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * The board after hearing about `order` (new, or changed): added or replaced, or gone once it
 * is no longer open; an older copy than the board's changes nothing.
 */
export function withOrder(orders: readonly PlacedOrder[], order: PlacedOrder): PlacedOrder[] {
  const current = orders.find((candidate) => candidate.id === order.id);
  return newerOrder(current, order) === order ? withOrderRestored(orders, order) : [...orders];
}

/**
 * The board with `order` as given, even over a longer copy: an optimistic change the server
 * refused is undone this way, leaving whatever arrived meanwhile for the other orders.
 */
export function withOrderRestored(
  orders: readonly PlacedOrder[],
  order: PlacedOrder,
): PlacedOrder[] {
  const others = orders.filter((candidate) => candidate.id !== order.id);
  return isOpen(order.status) ? [...others, order].sort(byAge) : others;
}
