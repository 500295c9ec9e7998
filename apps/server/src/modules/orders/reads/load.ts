import type { PlacedOrder } from '@comanda/shared';
import type { OrdersStore } from '../types';
import { placedOrder } from './order-answer';
import {
  findOrder,
  findOrders,
  historyOf,
  linesOf,
  orderHistory,
  orderLines,
  refundsOf,
} from './reads-repository';

/** An order with its owner and branch, as its answer. */
export interface LoadedOrder {
  userId: number;
  branchId: number;
  order: PlacedOrder;
}

/** An order with its owner, as its answer; null when there is none. */
export async function loadOrder(store: OrdersStore, id: number): Promise<LoadedOrder | null> {
  const row = await findOrder(store, id);
  if (!row) return null;
  const [lines, history, refunds] = await Promise.all([
    orderLines(store, id),
    orderHistory(store, id),
    refundsOf(store, [id]),
  ]);
  return {
    userId: row.user_id,
    branchId: row.branch_id,
    order: placedOrder(row, lines, history, refunds),
  };
}

/** Orders as answers, in the order of `ids`; missing ids are skipped. */
export async function loadOrders(store: OrdersStore, ids: number[]): Promise<PlacedOrder[]> {
  const [rows, lines, history, refundRows] = await Promise.all([
    findOrders(store, ids),
    linesOf(store, ids),
    historyOf(store, ids),
    refundsOf(store, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refunds = groupByOrder(refundRows);
  // Grouped once: a day's list has hundreds of orders, each with its lines and steps.
  const linesOfOrder = groupByOrder(lines);
  const historyOfOrder = groupByOrder(history);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          placedOrder(
            row,
            linesOfOrder.get(id) ?? [],
            historyOfOrder.get(id) ?? [],
            refunds.get(id) ?? [],
          ),
        ]
      : [];
  });
}

export function groupByOrder<T extends { order_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.order_id);
    if (group) group.push(row);
    else groups.set(row.order_id, [row]);
  }
  return groups;
}
