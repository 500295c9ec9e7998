import type { PlacedOrder } from '@comanda/shared';
import { placedOrder } from './order-answer';
import type { OrdersRepository } from './repository';

/** Reading orders back as answers: one with its owner, or many in a given order. */
export function orderLoader(repository: OrdersRepository) {
  return {
    /** An order with its owner, as its answer; null when there is none. */
    async load(
      id: number,
    ): Promise<{ userId: number; branchId: number; order: PlacedOrder } | null> {
      const row = await repository.findOrder(id);
      if (!row) return null;
      const [lines, history, refunds] = await Promise.all([
        repository.orderLines(id),
        repository.orderHistory(id),
        repository.refundsOf([id]),
      ]);
      return {
        userId: row.user_id,
        branchId: row.branch_id,
        order: placedOrder(row, lines, history, refunds),
      };
    },

    /** Orders as answers, in the order of `ids`; missing ids are skipped. */
    async loadMany(ids: number[]): Promise<PlacedOrder[]> {
      const [rows, lines, history, refundRows] = await Promise.all([
        repository.findOrders(ids),
        repository.linesOf(ids),
        repository.historyOf(ids),
        repository.refundsOf(ids),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const refunds = groupByOrder(refundRows);
      // Grouped once: a day's list has hundreds of orders, each with its lines and steps.
      const linesOf = groupByOrder(lines);
      const historyOf = groupByOrder(history);
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row
          ? [
              placedOrder(
                row,
                linesOf.get(id) ?? [],
                historyOf.get(id) ?? [],
                refunds.get(id) ?? [],
              ),
            ]
          : [];
      });
    },
  };
}

export type OrderLoader = ReturnType<typeof orderLoader>;

export function groupByOrder<T extends { order_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.order_id);
    if (group) group.push(row);
    else groups.set(row.order_id, [row]);
  }
  return groups;
}
