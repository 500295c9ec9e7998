import type { DbExecutor } from '../../db/types';
import { hourBucket } from './chain-hours';
import { dayOf, rewriteDerived } from './derived';
import { hoursWithRows, rewriteChainHours, rewriteDay, type DayRange } from './derived-repository';
import {
  addRollup,
  advanceWatermark,
  changedOrders,
  customersAfter,
  deleteAllRollups,
  deleteBuckets,
  finishBuilding,
  isBuilt,
  linesOf,
  lockRollups,
  markBuilding,
  markDaysBuilt,
  ordersAfter,
  ordersIn,
  readState,
  replaceFirstSales,
  salesOf,
  type FirstSaleRow,
} from './rollup-repository';
import { firstSale, rollUp } from './rollup';
import type { BucketRange, InsightsDeps } from './types';

/**
 * Keeping the rollups (decision 069). The catch-up re-reads the orders changed since a little
 * before the watermark (`orders.updated_at`, bumped by every write a report reads: placement,
 * status steps, payments, refunds), recomputes the (branch, hour) buckets they were placed in and
 * their customers' first sales, each batch in one transaction under the rollups' lock, and moves
 * the watermark on. Recomputing a bucket is idempotent, so re-reading a change is harmless.
 */

const HOUR = 3_600_000;
/**
 * How far before the watermark the catch-up looks again: a write stamped before the watermark
 * may commit after it (a slow transaction, another node's clock a little behind).
 */
export const LOOK_BACK_MS = 2 * 60_000;
/** A rebuild that has not beaten for this long died: the next catch-up starts over. */
const BUILD_STALE_MS = 10 * 60_000;
const PAGE = 2000;
const RANGES_PER_TRANSACTION = 100;
const CUSTOMERS_PER_TRANSACTION = 500;

const fingerprint = (row: {
  updated_at: number;
  status: string;
  refunded_amount: number;
  payment_description: string;
}) => `${row.updated_at}|${row.status}|${Number(row.refunded_amount)}|${row.payment_description}`;

/** Orders changed since `since` that this node has not folded in as they are now. */
async function unseenChanges(deps: InsightsDeps, since: number) {
  const changed: { id: number; branch_id: number; user_id: number; created_at: number }[] = [];
  const fingerprints: [number, string, number][] = [];
  let after: { updatedAt: number; id: number } | null = null;
  for (;;) {
    const rows = await changedOrders(deps, since, after, PAGE);
    for (const row of rows) {
      const print = fingerprint(row);
      if (deps.seen.get(row.id)?.fingerprint === print) continue;
      changed.push(row);
      fingerprints.push([row.id, print, row.updated_at]);
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = { updatedAt: last.updated_at, id: last.id };
  }
  return { changed, fingerprints };
}

/** The hours to recompute, merged per branch into contiguous ranges. */
export function rangesOf(orders: readonly { branch_id: number; created_at: number }[]) {
  const byBranch = new Map<number, Set<number>>();
  for (const order of orders) {
    const set = byBranch.get(order.branch_id) ?? new Set<number>();
    set.add(hourBucket(order.created_at));
    byBranch.set(order.branch_id, set);
  }
  const ranges: BucketRange[] = [];
  for (const [branch_id, buckets] of byBranch) {
    for (const start of [...buckets].sort((a, b) => a - b)) {
      const last = ranges.at(-1);
      if (last && last.branch_id === branch_id && last.end >= start) last.end = start + HOUR;
      else ranges.push({ branch_id, start, end: start + HOUR });
    }
  }
  return ranges;
}

/**
 * Replaces these buckets with what their orders add up to now. False when a rebuild began
 * meanwhile (another node): it adds page by page, and a bucket replaced here would be counted
 * twice; the rebuild reads these changes itself.
 */
async function recomputeRanges(deps: InsightsDeps, ranges: readonly BucketRange[]) {
  for (let i = 0; i < ranges.length; i += RANGES_PER_TRANSACTION) {
    const part = ranges.slice(i, i + RANGES_PER_TRANSACTION);
    const done = await deps.db.transaction().execute(async (trx) => {
      await lockRollups(trx, deps.clock.now());
      if (!(await isBuilt(trx))) return false;
      await deleteBuckets(trx, part);
      const orders = await ordersIn(trx, part);
      const lines = await linesOf(
        deps,
        trx,
        orders.map((order) => order.id),
      );
      await addRollup(trx, rollUp(orders, lines));
      await rewriteDerived(trx, deps.dialect, part);
      return true;
    });
    if (!done) return false;
  }
  return true;
}

/** The chain's and each branch's first sale of each customer, from all their sales. */
function firstSalesOf(sales: { user_id: number; branch_id: number; created_at: number }[]) {
  const times = new Map<string, { user_id: number; branch_id: number | null; at: number[] }>();
  const add = (user_id: number, branch_id: number | null, at: number) => {
    const key = `${user_id}|${branch_id ?? ''}`;
    const entry = times.get(key) ?? { user_id, branch_id, at: [] };
    entry.at.push(at);
    times.set(key, entry);
  };
  for (const sale of sales) {
    add(sale.user_id, null, sale.created_at);
    add(sale.user_id, sale.branch_id, sale.created_at);
  }
  const rows: FirstSaleRow[] = [];
  for (const { user_id, branch_id, at } of times.values()) {
    const first = firstSale(at);
    if (first)
      rows.push({
        user_id,
        branch_id,
        first_sale_at: first.first,
        returned_30d: first.returned ? 1 : 0,
      });
  }
  return rows;
}

/** Recomputes these customers' first sales. */
async function recomputeCustomers(deps: InsightsDeps, userIds: readonly number[]) {
  for (let i = 0; i < userIds.length; i += CUSTOMERS_PER_TRANSACTION) {
    const part = userIds.slice(i, i + CUSTOMERS_PER_TRANSACTION);
    await deps.db.transaction().execute(async (trx) => {
      await lockRollups(trx, deps.clock.now());
      const sales = await salesOf(deps, trx, part);
      await replaceFirstSales(deps, trx, part, firstSalesOf(sales));
    });
  }
}

/**
 * The newest change among `fingerprints`. A loop, not `Math.max(...list)`: a catch-up after the
 * timer was off or failing for a busy while folds a six-figure number of orders at once, past
 * the arguments a call can take (a RangeError that left every report answering 500).
 */
export function latestUpdate(fingerprints: readonly (readonly [number, string, number])[]) {
  let newest = -Infinity;
  for (const [, , updatedAt] of fingerprints) if (updatedAt > newest) newest = updatedAt;
  return newest;
}

export type CatchUpResult =
  | { kind: 'caught-up'; orders: number }
  | { kind: 'rebuilt'; orders: number }
  | { kind: 'building-elsewhere' };

/**
 * Folds every order change committed so far into the rollups. A database never built (the
 * watermark is null) is rebuilt, unless another node is rebuilding it right now.
 */
export async function catchUp(deps: InsightsDeps): Promise<CatchUpResult> {
  const state = await readState(deps);
  const now = deps.clock.now();
  if (state.watermark === null) {
    if (state.buildingAt !== null && Math.abs(now - state.buildingAt) < BUILD_STALE_MS)
      return { kind: 'building-elsewhere' };
    return { kind: 'rebuilt', orders: await rebuild(deps) };
  }
  // Hours built before the days existed (migration 032): the days are made from them once.
  if (!state.daysBuilt) {
    await rewriteAllDerived(deps);
    await inTransaction(deps, markDaysBuilt);
  }
  const since = state.watermark - LOOK_BACK_MS;
  const { changed, fingerprints } = await unseenChanges(deps, since);
  if (changed.length > 0) {
    if (!(await recomputeRanges(deps, rangesOf(changed)))) return { kind: 'building-elsewhere' };
    await recomputeCustomers(deps, [...new Set(changed.map((order) => order.user_id))]);
    const newest = latestUpdate(fingerprints);
    await advanceWatermark(deps.db, newest);
    for (const [id, print, updatedAt] of fingerprints)
      deps.seen.set(id, { fingerprint: print, updatedAt });
  }
  for (const [id, entry] of deps.seen) if (entry.updatedAt < since) deps.seen.delete(id);
  return { kind: 'caught-up', orders: changed.length };
}

async function inTransaction(deps: InsightsDeps, work: (trx: DbExecutor) => Promise<unknown>) {
  await deps.db.transaction().execute(async (trx) => {
    await lockRollups(trx, deps.clock.now());
    await work(trx);
  });
}

/**
 * The days and the chain's hours made from every hour there is, a day per transaction (`beat`
 * first in each: a rebuild's heartbeat), only the days that have hours (a chain's first order
 * may be years before a quiet spell).
 */
async function rewriteAllDerived(deps: InsightsDeps, beat?: (trx: DbExecutor) => Promise<unknown>) {
  const days = new Map<number, DayRange>();
  for (const hour of await hoursWithRows(deps.db)) {
    const day = dayOf(hour);
    days.set(day.start, day);
  }
  for (const day of days.values()) {
    await inTransaction(deps, async (trx) => {
      await beat?.(trx);
      await rewriteDay(trx, deps.dialect, day, null);
      await rewriteChainHours(trx, day.start, day.end);
    });
  }
}

/**
 * Every rollup made again from the orders table (`npm run insights:rebuild`, and a database
 * never built): emptied, then filled page by page (each page its own short transaction, so
 * placement is never held up), then the days and the chain's hours made from those hours, then
 * the customers' first sales. Changes made meanwhile are
 * caught by the next catch-up: the watermark is set to when the rebuild began. Reports read
 * partial figures while it runs. Answers how many orders it read.
 */
export async function rebuild(deps: InsightsDeps): Promise<number> {
  const began = deps.clock.now();
  await inTransaction(deps, async (trx) => {
    await markBuilding(trx, began);
    await deleteAllRollups(trx);
  });
  let read = 0;
  for (let afterId = 0; ;) {
    let page = 0;
    await inTransaction(deps, async (trx) => {
      await markBuilding(trx, deps.clock.now());
      const orders = await ordersAfter(trx, afterId, PAGE);
      const lines = await linesOf(
        deps,
        trx,
        orders.map((order) => order.id),
      );
      await addRollup(trx, rollUp(orders, lines));
      page = orders.length;
      afterId = orders.at(-1)?.id ?? afterId;
    });
    read += page;
    if (page < PAGE) break;
  }
  await rewriteAllDerived(deps, (trx) => markBuilding(trx, deps.clock.now()));
  for (let afterId = 0; ;) {
    const users = await customersAfter(deps, afterId, PAGE);
    await recomputeCustomers(deps, users);
    if (users.length < PAGE) break;
    afterId = users.at(-1)!;
  }
  await inTransaction(deps, (trx) => finishBuilding(trx, began));
  deps.seen.clear();
  return read;
}
