import {
  LATENESS_BUCKETS,
  type BranchesReport,
  type PromiseReport,
  type RefusalsReport,
} from '@comanda/shared';
import { chainHourOf } from './chain-hours';
import { averageTicket, percent, promiseLine } from './figures';
import { headOf, type Periods, type Window } from './period';
import {
  branchNames,
  dimensionSums,
  hourSeries,
  hourTotals,
  hoursByBranch,
} from './report-repository';
import type { InsightsStore } from './types';

type BranchFigures = Awaited<ReturnType<typeof hoursByBranch>>[number];

const lineOf = (figures: BranchFigures | undefined) => ({
  sales: figures?.sales ?? 0,
  orders: figures?.sale_orders ?? 0,
  average_ticket: averageTicket(figures?.sales ?? 0, figures?.sale_orders ?? 0),
  promise_kept_pct: percent(figures?.promise_kept ?? 0, figures?.promise_measured ?? 0),
  rejected: figures?.rejected ?? 0,
});

const byBranch = async (store: InsightsStore, window: Window) =>
  new Map((await hoursByBranch(store, window)).map((row) => [row.branch_id, row]));

/**
 * The branches a chain-wide report lists: the one asked for, else every active branch and any
 * other with figures in the window.
 */
async function listedBranches(store: InsightsStore, window: Window, withFigures: Set<number>) {
  const names = await branchNames(store);
  return names.filter((branch) =>
    window.branchId === null
      ? branch.active === 1 || withFigures.has(branch.id)
      : branch.id === window.branchId,
  );
}

/** The league table: each branch's sales, orders, ticket, promise and rejections; largest first. */
export async function branchesReport(
  store: InsightsStore,
  periods: Periods,
): Promise<BranchesReport> {
  const { current, previous } = periods;
  const [now, before] = await Promise.all([
    byBranch(store, current),
    previous ? byBranch(store, previous) : null,
  ]);
  const branches = await listedBranches(
    store,
    current,
    new Set([...now.keys(), ...(before?.keys() ?? [])]),
  );
  const rows = branches.map((branch) => ({
    branch_id: branch.id,
    name: branch.title,
    ...lineOf(now.get(branch.id)),
    previous: before ? lineOf(before.get(branch.id)) : null,
  }));
  rows.sort((a, b) => b.sales - a.sales || a.name.localeCompare(b.name, 'es'));
  return { ...headOf(periods), rows };
}

/** How good the promise was: overall, by lateness, by branch and by the hour orders came in. */
export async function promiseReport(
  store: InsightsStore,
  periods: Periods,
): Promise<PromiseReport> {
  const { current } = periods;
  const [totals, lateness, perBranch, series] = await Promise.all([
    hourTotals(store, current),
    dimensionSums(store, current, ['lateness']),
    byBranch(store, current),
    hourSeries(store, current),
  ]);
  const hours = Array.from({ length: 24 }, () => ({ measured: 0, kept: 0 }));
  for (const row of series) {
    const hour = hours[chainHourOf(row.bucket).hour]!;
    hour.measured += row.promise_measured;
    hour.kept += row.promise_kept;
  }
  const names = new Map((await branchNames(store)).map((branch) => [branch.id, branch.title]));
  return {
    ...headOf(periods),
    totals: promiseLine(totals.promise_measured, totals.promise_kept),
    lateness: LATENESS_BUCKETS.map((bucket) => ({
      bucket,
      orders: lateness.find((row) => row.key === bucket)?.orders ?? 0,
    })),
    by_branch: [...perBranch.values()]
      .filter((row) => row.promise_measured > 0)
      .map((row) => ({
        branch_id: row.branch_id,
        name: names.get(row.branch_id) ?? `Sede ${row.branch_id}`,
        ...promiseLine(row.promise_measured, row.promise_kept),
      }))
      .sort((a, b) => (a.kept_pct ?? 0) - (b.kept_pct ?? 0) || a.name.localeCompare(b.name, 'es')),
    by_hour: hours.map((hour, index) => ({
      hour: index,
      ...promiseLine(hour.measured, hour.kept),
    })),
  };
}

const NO_REASON = 'Sin motivo';

/** Rejections and cancellations: how many, of all orders, why, and where. */
export async function refusalsReport(
  store: InsightsStore,
  periods: Periods,
): Promise<RefusalsReport> {
  const { current } = periods;
  const [totals, reasons, perBranch] = await Promise.all([
    hourTotals(store, current),
    dimensionSums(store, current, ['rejected', 'cancelled']),
    byBranch(store, current),
  ]);
  const names = new Map((await branchNames(store)).map((branch) => [branch.id, branch.title]));
  return {
    ...headOf(periods),
    rejected: totals.rejected,
    cancelled: totals.cancelled,
    refused_pct: percent(totals.rejected + totals.cancelled, totals.orders) ?? 0,
    reasons: reasons
      .map((row) => ({
        status: row.kind as 'rejected' | 'cancelled',
        // A customer's own cancellation has no reason: the report says so in words, everywhere.
        reason: row.key || NO_REASON,
        orders: row.orders,
      }))
      .sort((a, b) => b.orders - a.orders || a.reason.localeCompare(b.reason, 'es')),
    by_branch: [...perBranch.values()]
      .filter((row) => row.orders > 0)
      .map((row) => ({
        branch_id: row.branch_id,
        name: names.get(row.branch_id) ?? `Sede ${row.branch_id}`,
        orders: row.orders,
        rejected: row.rejected,
        cancelled: row.cancelled,
      }))
      .sort(
        (a, b) =>
          b.rejected + b.cancelled - (a.rejected + a.cancelled) ||
          a.name.localeCompare(b.name, 'es'),
      ),
  };
}
