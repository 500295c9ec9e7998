import {
  chainDayRange,
  chainToday,
  ORDER_STATUSES,
  type BranchSummary,
  type OrderStatus,
} from '@comanda/shared';
import type { ConsoleDeps } from './deps';
import type { ConsoleRepository } from './repository';

const MINUTE = 60_000;

type FigureRow = Awaited<ReturnType<ConsoleRepository['dayFigures']>>[number];

/** The day's rows added up by status, payment method and rejection reason. */
function tally(rows: FigureRow[]) {
  const byStatus = new Map<OrderStatus, number>();
  const byPayment = new Map<string, { orders: number; total: number }>();
  const reasons = new Map<string, number>();
  let sales = { orders: 0, total: 0 };
  for (const row of rows) {
    const orders = Number(row.orders);
    const total = Number(row.total ?? 0);
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + orders);
    if (row.status === 'rejected') {
      const reason = row.reject_reason ?? '';
      reasons.set(reason, (reasons.get(reason) ?? 0) + orders);
    } else if (row.status !== 'cancelled') {
      sales = { orders: sales.orders + orders, total: sales.total + total };
      const payment = byPayment.get(row.payment_description) ?? { orders: 0, total: 0 };
      byPayment.set(row.payment_description, {
        orders: payment.orders + orders,
        total: payment.total + total,
      });
    }
  }
  return { byStatus, byPayment, reasons, sales };
}

/** One calendar day of a branch on the chain's clock (default today); null without the branch. */
async function summary(
  { repository, now }: ConsoleDeps,
  branchId: number,
  date?: string,
): Promise<BranchSummary | null> {
  if (!(await repository.findBranch(branchId))) return null;
  const day = date ?? chainToday(now());
  const range = chainDayRange(day);
  const [from, to] = [range.start.toISOString(), range.end.toISOString()];
  const [rows, ready] = await Promise.all([
    repository.dayFigures(branchId, from, to),
    repository.readyTimes(branchId, from, to),
  ]);
  const { byStatus, byPayment, reasons, sales } = tally(rows);
  const minutes = ready.map(
    (r) =>
      (new Date(r.ready_at as string | Date).getTime() - new Date(r.created_at).getTime()) / MINUTE,
  );
  const average =
    minutes.length === 0
      ? null
      : Math.round((minutes.reduce((a, b) => a + b, 0) / minutes.length) * 10) / 10;
  return {
    branch_id: branchId,
    date: day,
    orders: [...byStatus.values()].reduce((a, b) => a + b, 0),
    sales,
    by_payment: [...byPayment]
      .map(([payment, figures]) => ({ payment, ...figures }))
      .sort((a, b) => b.total - a.total || a.payment.localeCompare(b.payment)),
    by_status: ORDER_STATUSES.filter((status) => byStatus.has(status)).map((status) => ({
      status,
      orders: byStatus.get(status)!,
    })),
    rejected: {
      orders: byStatus.get('rejected') ?? 0,
      reasons: [...reasons]
        .map(([reason, orders]) => ({ reason, orders }))
        .sort((a, b) => b.orders - a.orders || a.reason.localeCompare(b.reason)),
    },
    cancelled: byStatus.get('cancelled') ?? 0,
    average_ready_minutes: average,
  };
}

/** A branch's day in figures. */
export function createSummaryService(deps: ConsoleDeps) {
  return { summary: (branchId: number, date?: string) => summary(deps, branchId, date) };
}
