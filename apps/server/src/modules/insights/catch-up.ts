import { setTimeout as sleep } from 'node:timers/promises';
import type { DbExecutor, OrderStatus } from '../../db/types';
import { hourBucket } from './chain-hours';
import { dayOf, rewriteDerived } from './derived';
import { hoursWithRows, rewriteChainHours, rewriteDay, type DayRange } from './derived-repository';
import {
  addRollup,
  advanceWatermark,
  customersAfter,
  deleteAllRollups,
  deleteBuckets,
  finishBuilding,
  forgetChanges,
  isBuilt,
  linesOf,
  loggedChanges,
  ordersById,
  lockRollups,
  markBuilding,
  markDaysBuilt,
  ordersAfter,
  ordersIn,
  readState,
  replaceFirstSales,
  salesOf,
  takeInserted,
  type FirstSaleRow,
} from './rollup-repository';
import { firstSale, isSaleStatus, rollUp } from './rollup';
import type { BucketRange, InsightsDeps } from './types';

/**
 * Keeping the rollups (decisions 069, 091). The catch-up reads the change log (`insight_changes`,
 * appended by the database in every transaction that writes an order a report reads: placement,
 * status steps, payments, refunds). A new order is added to its (branch, hour) bucket by the
 * transaction that takes its insert off the log; the buckets of orders changed since are
 * recomputed from the orders (every order but those whose insert is still logged); then their
 * customers' first sales, each batch in one transaction under the rollups' lock; then the log
 * rows read are deleted. Adding is exactly once (the insert is taken or it is not); recomputing
 * is idempotent, so two nodes folding the same rows, or a node that dies before deleting them,
 * cost time, never correctness. A rush adds its orders rather than re-reading its hour.
 */

const HOUR = 3_600_000;
/** A rebuild that has not beaten for this long died: the next catch-up starts over. */
const BUILD_STALE_MS = 10 * 60_000;
const PAGE = 2000;
/** Log rows read per round: a backlog's hot hours are recomputed once per round, not per page. */
const LOG_ROUND = 200_000;
const RANGES_PER_TRANSACTION = 100;
const CUSTOMERS_PER_TRANSACTION = 500;
/** SQLite's busy handler sleeps at most this long between its tries for a lock (sqlite3.c). */
const WRITER_TURN_MS = 100;

type Changed = {
  id: number;
  branch_id: number;
  user_id: number;
  created_at: number;
  updated_at: number;
  status: OrderStatus;
};

/**
 * The log from its start, up to LOG_ROUND rows: their numbers, and their orders once each, the
 * new ones (an insert among their rows) apart from the ones only changed, and which had an update.
 */
async function loggedRound(deps: InsightsDeps) {
  const seqs: number[] = [];
  const orders = new Map<number, Changed>();
  const inserted = new Set<number>();
  const restated = new Set<number>();
  let after = 0;
  while (seqs.length < LOG_ROUND) {
    const rows = await loggedChanges(deps, after, PAGE);
    for (const { seq, kind, order } of rows) {
      seqs.push(seq);
      if (!order) continue;
      orders.set(order.id, order);
      (kind === 'insert' ? inserted : restated).add(order.id);
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = last.seq;
  }
  const all = [...orders.values()];
  return {
    seqs,
    inserted: all.filter((order) => inserted.has(order.id)),
    updated: all.filter((order) => !inserted.has(order.id)),
    /** Orders with an update among the rows: their status may have changed since. */
    restated,
    more: seqs.length >= LOG_ROUND,
  };
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
    const done = await underLock(deps, async (trx) => {
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

/**
 * Adds new orders to their hours, each insert taken off the log by the transaction that adds the
 * order: exactly once, however many nodes try. Answers the orders whose insert another node had
 * taken (to be recomputed, as a change may have come after), or null when a rebuild began
 * meanwhile.
 *
 * The orders and their lines are read before the transaction (decision 097): reading them was
 * four fifths of its length, and on SQLite the lock it holds is the one every order waits for.
 * An order changed after the read is logged by that change, and recomputed by the next round.
 */
async function addInserted(deps: InsightsDeps, orders: readonly Changed[]) {
  const untaken: Changed[] = [];
  for (let i = 0; i < orders.length; i += PAGE) {
    const part = orders.slice(i, i + PAGE);
    const read = await ordersById(
      deps,
      deps.db,
      part.map((order) => order.id),
    );
    const lines = await linesOf(
      deps,
      deps.db,
      read.map((order) => order.id),
    );
    const done = await underLock(deps, async (trx) => {
      if (!(await isBuilt(trx))) return false;
      const taken = new Set(
        await takeInserted(
          deps,
          trx,
          part.map((order) => order.id),
        ),
      );
      const facts = read.filter((order) => taken.has(order.id));
      await addRollup(trx, rollUp(facts, lines));
      await rewriteDerived(trx, deps.dialect, rangesOf(facts));
      untaken.push(...part.filter((order) => !taken.has(order.id)));
      return true;
    });
    if (!done) return null;
  }
  return untaken;
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
    await underLock(deps, async (trx) => {
      const sales = await salesOf(deps, trx, part);
      await replaceFirstSales(deps, trx, part, firstSalesOf(sales));
    });
  }
}

/**
 * The newest stamp among `orders`. A loop, not `Math.max(...list)`: a catch-up after the timer
 * was off or failing for a busy while folds a six-figure number of orders at once, past the
 * arguments a call can take (a RangeError that left every report answering 500).
 */
export function latestUpdate(orders: readonly { updated_at: number }[]) {
  let newest = -Infinity;
  for (const { updated_at } of orders) if (updated_at > newest) newest = updated_at;
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
    await underLock(deps, markDaysBuilt);
  }
  let folded = 0;
  for (;;) {
    const round = await foldRound(deps);
    if (round === null) return { kind: 'building-elsewhere' };
    folded += round.orders;
    if (!round.more) return { kind: 'caught-up', orders: folded };
  }
}

/**
 * One round of the log: new orders added, changed ones' hours recomputed, their customers' first
 * sales recomputed, then the rows read deleted. Null when a rebuild began meanwhile.
 */
async function foldRound(deps: InsightsDeps) {
  const { seqs, inserted, updated, restated, more } = await loggedRound(deps);
  const untaken = await addInserted(deps, inserted);
  if (untaken === null) return null;
  const recomputed = [...updated, ...untaken];
  if (recomputed.length > 0 && !(await recomputeRanges(deps, rangesOf(recomputed)))) return null;
  const changed = [...inserted, ...updated];
  // A customer's sales change only when an order is placed as a sale or its status changes: a
  // rush's new orders, not yet taken on, leave the first sales as they were (recomputing them
  // reads all of the customer's sales).
  const sales = [
    ...recomputed,
    ...inserted.filter((order) => isSaleStatus(order.status) || restated.has(order.id)),
  ];
  await recomputeCustomers(deps, [...new Set(sales.map((order) => order.user_id))]);
  if (changed.length > 0)
    // Kept moving for a node of the previous release during a rolling deploy, which still
    // folds from the watermark less its look-back.
    await advanceWatermark(deps.db, latestUpdate(changed));
  await forgetChanges(deps, seqs);
  return { orders: changed.length, more };
}

/**
 * Every transaction of the catch-up and the rebuild: under the rollups' lock. On SQLite it also
 * holds the database's one write lock, which the order writer needs too (decision 093): back to
 * back, these transactions left the writer only instants between commits, and a batch that
 * waited longer than its busy timeout failed ("try again"). So each is followed by a pause as
 * long as it took, up to the longest sleep of SQLite's busy handler (100 ms), so a waiting
 * writer always finds the lock free at one of its tries.
 */
async function underLock<T>(deps: InsightsDeps, work: (trx: DbExecutor) => Promise<T>) {
  const began = performance.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    await lockRollups(trx, deps.clock.now());
    return work(trx);
  });
  if (deps.dialect === 'sqlite') await sleep(Math.min(WRITER_TURN_MS, performance.now() - began));
  return result;
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
    await underLock(deps, async (trx) => {
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
 * the customers' first sales. The change log is emptied as it begins (what changed before is in
 * the orders it reads), so what changes meanwhile is folded by the next catch-up. Reports read
 * partial figures while it runs. Answers how many orders it read.
 */
export async function rebuild(deps: InsightsDeps): Promise<number> {
  const began = deps.clock.now();
  await underLock(deps, async (trx) => {
    await markBuilding(trx, began);
    await deleteAllRollups(trx);
  });
  let read = 0;
  for (let afterId = 0; ;) {
    let page = 0;
    await underLock(deps, async (trx) => {
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
  await underLock(deps, (trx) => finishBuilding(trx, began));
  return read;
}
