import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Timestamp } from '../../db/types';
import type { Window } from './period';
import { HOUR_COUNTERS, type DimKind, type HourCounter } from './rollup';
import type { InsightsStore } from './types';

// What the reports read (decision 069): the rollups over a window, for one branch or every
// branch, never the orders. Every read is a range of (branch_id, bucket) or of bucket. A window
// is whole chain days, so its sums read the day tables; only what is drawn by hour reads hours
// (a branch's own, or the chain's added up), and distinct customers read the hour table. A
// chain-wide sum reads the chain's days: a row a day (and key) however many branches there are.

const iso = (instant: number) => new Date(instant).toISOString();
const n = (value: unknown) => Number(value ?? 0);
const ms = (value: Timestamp) => new Date(value).getTime();

type RollupTable =
  | 'insight_hours'
  | 'insight_chain_hours'
  | 'insight_days'
  | 'insight_day_dims'
  | 'insight_day_products'
  | 'insight_day_options'
  | 'insight_chain_days'
  | 'insight_chain_day_dims'
  | 'insight_chain_day_products'
  | 'insight_chain_day_options'
  | 'insight_hour_customers';

/** A day table for the window: one branch's rows, or the chain's (a row a day and key). */
const level = <B extends RollupTable, C extends RollupTable>(
  window: Window,
  branch: B,
  chain: C,
) => (window.branchId === null ? chain : branch);

/** The window's buckets (and branch) on any rollup table. */
function within<T extends RollupTable, O>(
  query: SelectQueryBuilder<Database, T, O>,
  window: Window,
): SelectQueryBuilder<Database, T, O> {
  const bounded = query
    .where(sql.ref('bucket'), '>=', iso(window.start))
    .where(sql.ref('bucket'), '<', iso(window.end));
  return window.branchId === null
    ? bounded
    : bounded.where(sql.ref('branch_id'), '=', window.branchId);
}

const sums = (columns: readonly string[]) =>
  columns.map((column) => sql<string | number>`sum(${sql.ref(column)})`.as(column));

const numbers = <K extends string>(row: Record<string, unknown> | undefined, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, n(row?.[key])])) as Record<K, number>;

/** The window's days added up. */
export async function hourTotals({ db }: InsightsStore, window: Window) {
  const row = await within(
    db.selectFrom(level(window, 'insight_days', 'insight_chain_days')).select(sums(HOUR_COUNTERS)),
    window,
  ).executeTakeFirst();
  return numbers(row as Record<string, unknown> | undefined, HOUR_COUNTERS);
}

const SERIES = ['sale_orders', 'sales', 'promise_measured', 'promise_kept'] as const;

/** The window per hour (charts fold them into days, weekdays, hours). */
export async function hourSeries({ db }: InsightsStore, window: Window) {
  const rows =
    window.branchId === null
      ? await within(
          db
            .selectFrom('insight_chain_hours')
            .select('bucket')
            .select(sums(SERIES))
            .groupBy('bucket'),
          window,
        ).execute()
      : await within(
          db.selectFrom('insight_hours').select('bucket').select(sums(SERIES)).groupBy('bucket'),
          window,
        ).execute();
  return rows.map((row) => ({
    bucket: ms(row.bucket),
    ...numbers(row as Record<string, unknown>, SERIES),
  }));
}

const BY_BRANCH: readonly HourCounter[] = [
  'orders',
  'sale_orders',
  'sales',
  'rejected',
  'cancelled',
  'promise_measured',
  'promise_kept',
];

/** The window per branch. */
export async function hoursByBranch({ db }: InsightsStore, window: Window) {
  const rows = await within(
    db.selectFrom('insight_days').select('branch_id').select(sums(BY_BRANCH)).groupBy('branch_id'),
    window,
  ).execute();
  return rows.map((row) => ({
    branch_id: row.branch_id,
    ...numbers(row as Record<string, unknown>, BY_BRANCH),
  }));
}

/** The window split by these dimensions, each key added up. */
export async function dimensionSums({ db }: InsightsStore, window: Window, kinds: DimKind[]) {
  const rows = await within(
    db
      .selectFrom(level(window, 'insight_day_dims', 'insight_chain_day_dims'))
      .select(['kind', 'key'])
      .select(sums(['orders', 'sales', 'fees']))
      .where('kind', 'in', kinds)
      .groupBy(['kind', 'key']),
    window,
  ).execute();
  return rows.map((row) => ({
    kind: row.kind as DimKind,
    key: row.key,
    orders: n(row.orders),
    sales: n(row.sales),
    fees: n(row.fees),
  }));
}

/** Units and sales of every product sold in the window, with its title. */
export async function productSums({ db }: InsightsStore, window: Window) {
  const sold = within(
    db
      .selectFrom(level(window, 'insight_day_products', 'insight_chain_day_products'))
      .select('product_id')
      .select(sums(['quantity', 'sales']))
      .groupBy('product_id'),
    window,
  );
  const rows = await db
    .selectFrom(sold.as('s'))
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['s.product_id', 'p.title', 's.quantity', 's.sales'])
    .execute();
  return rows.map((row) => ({
    product_id: row.product_id,
    title: row.title,
    quantity: n(row.quantity),
    sales: n(row.sales),
  }));
}

/**
 * Products on the menu (active; at a branch, offered there) that no sale in the window carried.
 */
export async function neverSold({ db }: InsightsStore, window: Window) {
  const sold = within(
    db
      .selectFrom(level(window, 'insight_day_products', 'insight_chain_day_products'))
      .select('product_id'),
    window,
  );
  let query = db
    .selectFrom('products as p')
    .select(['p.id as product_id', 'p.title'])
    .where('p.active', '=', 1)
    .where('p.id', 'not in', sold);
  if (window.branchId !== null) {
    const branchId = window.branchId;
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('branch_products as bp')
            .select('bp.product_id')
            .whereRef('bp.product_id', '=', 'p.id')
            .where('bp.branch_id', '=', branchId)
            .where('bp.offered', '=', 0),
        ),
      ),
    );
  }
  return query.orderBy('p.title').orderBy('p.id').execute();
}

/** The options most chosen in the window. */
export async function topOptions({ db }: InsightsStore, window: Window, limit: number) {
  const rows = await within(
    db
      .selectFrom(level(window, 'insight_day_options', 'insight_chain_day_options'))
      .select('title')
      .select(sql<string | number>`sum(times)`.as('times'))
      .groupBy('title'),
    window,
  )
    .orderBy(sql`sum(times)`, 'desc')
    .orderBy('title')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ title: row.title, times: n(row.times) }));
}

/** How many customers bought in the window. */
export async function customerCount({ db }: InsightsStore, window: Window) {
  const row = await within(
    db
      .selectFrom('insight_hour_customers')
      .select(sql<string | number>`count(distinct user_id)`.as('customers')),
    window,
  ).executeTakeFirst();
  return n(row?.customers);
}

/** Customers whose first sale (in the chain, or at the branch) falls in the window. */
export async function newCustomers({ db }: InsightsStore, window: Window) {
  const range = [iso(window.start), iso(window.end)] as const;
  const row =
    window.branchId === null
      ? await db
          .selectFrom('insight_customers')
          .select((eb) => [
            eb.fn.countAll<string | number>().as('customers'),
            eb.fn.sum<string | number>('returned_30d').as('returned'),
          ])
          .where('first_sale_at', '>=', range[0])
          .where('first_sale_at', '<', range[1])
          .executeTakeFirst()
      : await db
          .selectFrom('insight_branch_customers')
          .select((eb) => [
            eb.fn.countAll<string | number>().as('customers'),
            eb.fn.sum<string | number>('returned_30d').as('returned'),
          ])
          .where('branch_id', '=', window.branchId)
          .where('first_sale_at', '>=', range[0])
          .where('first_sale_at', '<', range[1])
          .executeTakeFirst();
  return { customers: n(row?.customers), returned: n(row?.returned) };
}

/** Discount codes issued in the window (a small table, read directly). */
export async function couponsIssued({ db }: InsightsStore, window: Window) {
  let query = db
    .selectFrom('coupon_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('issued'))
    .where('created_at', '>=', iso(window.start))
    .where('created_at', '<', iso(window.end));
  if (window.branchId !== null) query = query.where('branch_id', '=', window.branchId);
  return n((await query.executeTakeFirst())?.issued);
}

/** The chain's branches, by name. */
export const branchNames = ({ db }: InsightsStore) =>
  db
    .selectFrom('branches')
    .select(['id', 'title', 'active'])
    .orderBy('title')
    .orderBy('id')
    .execute();

export const branchExists = async ({ db }: InsightsStore, id: number) =>
  (await db.selectFrom('branches').select('id').where('id', '=', id).executeTakeFirst()) !==
  undefined;
