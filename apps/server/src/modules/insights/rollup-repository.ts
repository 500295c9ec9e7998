import { SALE_STATUSES, type OrderLineOption } from '@comanda/shared';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbExecutor, OrderStatus, Timestamp } from '../../db/types';
import { idIn } from '../../db/id-list';
import { DERIVED_TABLES } from './derived-repository';
import { HOUR_COUNTERS, type LineFacts, type OrderFacts, type Rollup } from './rollup';
import type { BucketRange, InsightsStore } from './types';

// The rollups' SQL (decision 069): reading the orders they are made of, replacing buckets, the
// customers' first sales, and the one state row that holds the watermark and the lock.

const ms = (value: Timestamp): number => new Date(value).getTime();
const msOrNull = (value: Timestamp | null | undefined): number | null =>
  value === null || value === undefined ? null : ms(value);
const iso = (instant: number) => new Date(instant).toISOString();

/** Rows per insert statement: well under both databases' limits on parameters. */
const ROWS_PER_INSERT = 400;
/** Log rows per delete: SQLite's `in` list stays under its 32,766 parameters. */
const LOG_ROWS_PER_DELETE = 10_000;

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

export async function readState({ db }: InsightsStore) {
  const row = await db
    .selectFrom('insight_state')
    .select(['watermark', 'building_at', 'days_built'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    watermark: msOrNull(row?.watermark),
    buildingAt: msOrNull(row?.building_at),
    daysBuilt: Number(row?.days_built ?? 0) === 1,
  };
}

/**
 * Takes the rollups' lock for the rest of the transaction: the one state row is written first, so
 * two nodes replacing the same buckets take turns (a row lock on PostgreSQL, the write lock on
 * SQLite) and neither counts an order twice.
 */
export const lockRollups = (trx: DbExecutor, at: number) =>
  trx
    .updateTable('insight_state')
    .set({ locked_at: iso(at) })
    .where('id', '=', 1)
    .execute();

/** Whether the rollups are built (not being rebuilt): read under the lock. */
export async function isBuilt(trx: DbExecutor) {
  const row = await trx
    .selectFrom('insight_state')
    .select('watermark')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.watermark !== null && row?.watermark !== undefined;
}

/** Moves the watermark forward only (two nodes may finish out of order). */
export const advanceWatermark = (trx: DbExecutor, watermark: number) =>
  trx
    .updateTable('insight_state')
    .set({ watermark: iso(watermark) })
    .where('id', '=', 1)
    // Null means a rebuild is running: it sets the watermark itself when it ends.
    .where('watermark', '<', iso(watermark))
    .execute();

/** A rebuild starts (watermark null: the catch-up leaves the rollups to it) or beats. */
export const markBuilding = (trx: DbExecutor, at: number) =>
  trx
    .updateTable('insight_state')
    .set({ watermark: null, building_at: iso(at) })
    .where('id', '=', 1)
    .execute();

export const finishBuilding = (trx: DbExecutor, watermark: number) =>
  trx
    .updateTable('insight_state')
    .set({ watermark: iso(watermark), building_at: null, days_built: 1 })
    .where('id', '=', 1)
    .execute();

/** The days and the chain's hours are made from the hours (after migration 032). */
export const markDaysBuilt = (trx: DbExecutor) =>
  trx.updateTable('insight_state').set({ days_built: 1 }).where('id', '=', 1).execute();

/**
 * A page of the change log after `afterSeq`, oldest first, each with its order's branch, hour,
 * customer, stamp and status (null where the order is gone): what the catch-up folds (decision 091).
 */
export async function loggedChanges({ db }: InsightsStore, afterSeq: number, limit: number) {
  const rows = await db
    .selectFrom('insight_changes as c')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .select([
      'c.seq',
      'c.order_id',
      'c.kind',
      'o.branch_id',
      'o.user_id',
      'o.created_at',
      'o.updated_at',
      'o.status',
    ])
    .where('c.seq', '>', afterSeq)
    .orderBy('c.seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    kind: row.kind,
    order:
      row.branch_id === null ||
      row.user_id === null ||
      !row.created_at ||
      !row.updated_at ||
      !row.status
        ? null
        : {
            id: row.order_id,
            branch_id: row.branch_id,
            user_id: row.user_id,
            created_at: ms(row.created_at),
            updated_at: ms(row.updated_at),
            status: row.status,
          },
  }));
}

/**
 * Deletes the log rows folded, by their own numbers: a row that committed meanwhile with a lower
 * number than these (a longer transaction) stays for the next catch-up.
 */
export async function forgetChanges({ db, dialect }: InsightsStore, seqs: readonly number[]) {
  for (const part of chunks(seqs, LOG_ROWS_PER_DELETE))
    await db
      .deleteFrom('insight_changes')
      .where((eb) => idIn(dialect)(eb, eb.ref('seq'), part))
      .execute();
}

/**
 * Takes these orders' inserts off the log, answering the orders whose insert this transaction
 * took: only those are added (a node that found it already taken leaves the order alone).
 */
export async function takeInserted(
  { dialect }: Pick<InsightsStore, 'dialect'>,
  trx: DbExecutor,
  orderIds: readonly number[],
) {
  const rows = await trx
    .deleteFrom('insight_changes')
    .where('kind', '=', 'insert')
    .where((eb) => idIn(dialect)(eb, eb.ref('order_id'), orderIds))
    .returning('order_id')
    .execute();
  return [...new Set(rows.map((row) => row.order_id))];
}

/**
 * What the rollups add up, of every order but those whose insert is still on the log: those are
 * added by the catch-up that takes it (decision 091), so a bucket recomputed or rebuilt
 * meanwhile must not hold them already.
 */
function factsQuery(trx: DbExecutor) {
  return anyOrderFacts(trx).where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('insight_changes as pending')
          .select('pending.seq')
          .whereRef('pending.order_id', '=', 'o.id')
          .where('pending.kind', '=', 'insert'),
      ),
    ),
  );
}

/** What the rollups add up of an order, whether or not its insert is still on the log. */
function anyOrderFacts(trx: DbExecutor) {
  return trx
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.branch_id',
      'o.user_id',
      'o.created_at',
      'o.status',
      'o.type_delivery',
      'o.payment_description',
      'o.channel',
      'o.neighbourhood',
      'o.delivery_fee',
      'o.total',
      'o.discount',
      'o.refunded_amount',
      'o.reject_reason',
      'o.scheduled_for',
      'o.coupon_code_id',
      'o.promised_at',
    ])
    .select((eb) => {
      // The first "Listo" (as Día reads it) and the last "Entregado" (a recalled one is undone).
      const step = (status: OrderStatus, fn: 'min' | 'max') =>
        eb
          .selectFrom('order_status_history as h')
          .select((inner) => inner.fn[fn]<Timestamp>('h.at').as('at'))
          .whereRef('h.order_id', '=', 'o.id')
          .where('h.status', '=', status);
      return [step('ready', 'min').as('ready_at'), step('delivered', 'max').as('delivered_at')];
    });
}

type FactsRow = Awaited<ReturnType<ReturnType<typeof factsQuery>['execute']>>[number];

const toFacts = (row: FactsRow): OrderFacts => ({
  id: row.id,
  branch_id: row.branch_id,
  user_id: row.user_id,
  created_at: ms(row.created_at),
  status: row.status,
  type_delivery: Number(row.type_delivery),
  payment_description: row.payment_description,
  channel: row.channel,
  neighbourhood: row.neighbourhood,
  delivery_fee: Number(row.delivery_fee),
  total: Number(row.total),
  discount: Number(row.discount),
  // The sale's share of what came back: a refund gives back the sale first and the courier's
  // tip last, and the tip is never a sale (decision 085).
  refunded_amount: Math.min(Number(row.refunded_amount), Number(row.total)),
  reject_reason: row.reject_reason,
  scheduled: row.scheduled_for !== null,
  coupon: row.coupon_code_id !== null,
  promised_at: msOrNull(row.promised_at),
  ready_at: msOrNull(row.ready_at),
  delivered_at: msOrNull(row.delivered_at),
});

/** Which (branch, hours) a statement touches: one `or` of ranges on the columns given. */
function inRanges(
  ranges: readonly BucketRange[],
  branch: Expression<number>,
  time: Expression<Timestamp>,
) {
  return sql<SqlBool>`(${sql.join(
    ranges.map(
      (r) =>
        sql`(${branch} = ${r.branch_id} and ${time} >= ${iso(r.start)} and ${time} < ${iso(r.end)})`,
    ),
    sql` or `,
  )})`;
}

/** Every order placed in these (branch, hour) ranges, as the rollups see it. */
export async function ordersIn(trx: DbExecutor, ranges: readonly BucketRange[]) {
  if (ranges.length === 0) return [];
  const rows = await factsQuery(trx)
    .where(inRanges(ranges, sql.ref('o.branch_id'), sql.ref('o.created_at')))
    .execute();
  return rows.map(toFacts);
}

/** These orders, their inserts still on the log: read by the catch-up before it takes them. */
export async function ordersById(
  { dialect }: Pick<InsightsStore, 'dialect'>,
  trx: DbExecutor,
  orderIds: readonly number[],
) {
  if (orderIds.length === 0) return [];
  const rows = await anyOrderFacts(trx)
    .where((eb) => idIn(dialect)(eb, eb.ref('o.id'), orderIds))
    .execute();
  return rows.map(toFacts);
}

/** A page of every order by id (the rebuild). */
export async function ordersAfter(trx: DbExecutor, afterId: number, limit: number) {
  const rows = await factsQuery(trx)
    .where('o.id', '>', afterId)
    .orderBy('o.id')
    .limit(limit)
    .execute();
  return rows.map(toFacts);
}

const parseOptions = (value: string | OrderLineOption[]): OrderLineOption[] =>
  typeof value === 'string' ? (JSON.parse(value) as OrderLineOption[]) : value;

/** The lines of these orders. */
export async function linesOf(
  { dialect }: Pick<InsightsStore, 'dialect'>,
  trx: DbExecutor,
  orderIds: readonly number[],
): Promise<LineFacts[]> {
  const out: LineFacts[] = [];
  for (const ids of chunks(orderIds, 500)) {
    const rows = await trx
      .selectFrom('order_lines')
      .select(['order_id', 'product_id', 'quantity', 'total', 'options'])
      .where((eb) => idIn(dialect)(eb, eb.ref('order_id'), ids))
      .execute();
    for (const row of rows)
      out.push({
        order_id: row.order_id,
        product_id: row.product_id,
        quantity: Number(row.quantity),
        total: Number(row.total),
        options: parseOptions(row.options),
      });
  }
  return out;
}

const ROLLUP_TABLES = [
  'insight_hours',
  'insight_hour_dims',
  'insight_hour_products',
  'insight_hour_options',
  'insight_hour_customers',
] as const;

/** Empties these (branch, hour) ranges in every rollup table. */
export async function deleteBuckets(trx: DbExecutor, ranges: readonly BucketRange[]) {
  if (ranges.length === 0) return;
  for (const table of ROLLUP_TABLES) {
    await trx
      .deleteFrom(table)
      .where(inRanges(ranges, sql.ref('branch_id'), sql.ref('bucket')))
      .execute();
  }
}

/** Empties every rollup (the rebuild, inside its first transaction). */
export async function deleteAllRollups(trx: DbExecutor) {
  const tables = [
    ...ROLLUP_TABLES,
    ...DERIVED_TABLES,
    'insight_customers',
    'insight_branch_customers',
    // What changed before the rebuild began is in the orders it reads.
    'insight_changes',
  ] as const;
  for (const table of tables) await trx.deleteFrom(table).execute();
}

/** `table.column + excluded.column` for each counter: rows added to what a bucket holds. */
const added = (table: string, columns: readonly string[]) =>
  Object.fromEntries(
    columns.map((column) => [
      column,
      sql`${sql.ref(`${table}.${column}`)} + excluded.${sql.ref(column)}`,
    ]),
  );

/**
 * Writes a rollup, adding to rows already there: the rebuild reads the orders by pages, and an
 * hour's orders may fall on two of them; the catch-up adds new orders to their hours, and writes
 * the hours it recomputes into buckets it just emptied.
 */
export async function addRollup(trx: DbExecutor, rollup: Rollup) {
  const bucketed = <R extends { bucket: number }>(rows: R[]) =>
    rows.map((row) => ({ ...row, bucket: iso(row.bucket) }));
  for (const rows of chunks(bucketed(rollup.hours), ROWS_PER_INSERT))
    await trx
      .insertInto('insight_hours')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['branch_id', 'bucket']).doUpdateSet(added('insight_hours', HOUR_COUNTERS)),
      )
      .execute();
  for (const rows of chunks(bucketed(rollup.dims), ROWS_PER_INSERT))
    await trx
      .insertInto('insight_hour_dims')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['branch_id', 'bucket', 'kind', 'key'])
          .doUpdateSet(added('insight_hour_dims', ['orders', 'sales', 'fees'])),
      )
      .execute();
  for (const rows of chunks(bucketed(rollup.products), ROWS_PER_INSERT))
    await trx
      .insertInto('insight_hour_products')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['branch_id', 'bucket', 'product_id'])
          .doUpdateSet(added('insight_hour_products', ['quantity', 'sales'])),
      )
      .execute();
  for (const rows of chunks(bucketed(rollup.options), ROWS_PER_INSERT))
    await trx
      .insertInto('insight_hour_options')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['branch_id', 'bucket', 'title'])
          .doUpdateSet(added('insight_hour_options', ['times'])),
      )
      .execute();
  for (const rows of chunks(bucketed(rollup.customers), ROWS_PER_INSERT))
    await trx
      .insertInto('insight_hour_customers')
      .values(rows)
      .onConflict((oc) => oc.columns(['branch_id', 'bucket', 'user_id']).doNothing())
      .execute();
}

/** Every sale of these customers: when and where (their first sales, decision 069). */
export async function salesOf(
  { dialect }: Pick<InsightsStore, 'dialect'>,
  trx: DbExecutor,
  userIds: readonly number[],
) {
  const rows = await trx
    .selectFrom('orders')
    .select(['user_id', 'branch_id', 'created_at'])
    .where((eb) => idIn(dialect)(eb, eb.ref('user_id'), userIds))
    .where('status', 'in', [...SALE_STATUSES])
    .execute();
  return rows.map((row) => ({ ...row, created_at: ms(row.created_at) }));
}

export interface FirstSaleRow {
  user_id: number;
  branch_id: number | null;
  first_sale_at: number;
  returned_30d: number;
}

/** Replaces these customers' first sales: the chain's (branch_id null) and each branch's. */
export async function replaceFirstSales(
  { dialect }: Pick<InsightsStore, 'dialect'>,
  trx: DbExecutor,
  userIds: readonly number[],
  rows: readonly FirstSaleRow[],
) {
  await trx
    .deleteFrom('insight_customers')
    .where((eb) => idIn(dialect)(eb, eb.ref('user_id'), userIds))
    .execute();
  await trx
    .deleteFrom('insight_branch_customers')
    .where((eb) => idIn(dialect)(eb, eb.ref('user_id'), userIds))
    .execute();
  const write = (row: FirstSaleRow) => ({
    user_id: row.user_id,
    first_sale_at: iso(row.first_sale_at),
    returned_30d: row.returned_30d,
  });
  const chain = rows.filter((row) => row.branch_id === null).map(write);
  const branches = rows
    .filter((row) => row.branch_id !== null)
    .map((row) => ({ ...write(row), branch_id: row.branch_id! }));
  for (const part of chunks(chain, ROWS_PER_INSERT))
    await trx.insertInto('insight_customers').values(part).execute();
  for (const part of chunks(branches, ROWS_PER_INSERT))
    await trx.insertInto('insight_branch_customers').values(part).execute();
}

/** A page of the customers who ever ordered, by id (the rebuild's first sales). */
export async function customersAfter({ db }: InsightsStore, afterId: number, limit: number) {
  const rows = await db
    .selectFrom('orders')
    .select('user_id')
    .distinct()
    .where('user_id', '>', afterId)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}
