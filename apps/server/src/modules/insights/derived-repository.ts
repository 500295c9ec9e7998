import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { DbExecutor, Timestamp } from '../../db/types';
import { HOUR_COUNTERS } from './rollup';

// The coarser rollups' SQL (decision 069): days and the chain's hours, made from the hourly rows
// by the database in one statement each, never from the orders.

const iso = (instant: number) => new Date(instant).toISOString();

/**
 * Each hourly table, the day table made from it and the chain's day table made from that, what
 * a row is keyed by and what it adds up.
 */
const DAY_TABLES = [
  {
    hours: 'insight_hours',
    days: 'insight_days',
    chain: 'insight_chain_days',
    keys: [],
    counters: HOUR_COUNTERS,
  },
  {
    hours: 'insight_hour_dims',
    days: 'insight_day_dims',
    chain: 'insight_chain_day_dims',
    keys: ['kind', 'key'],
    counters: ['orders', 'sales', 'fees'],
  },
  {
    hours: 'insight_hour_products',
    days: 'insight_day_products',
    chain: 'insight_chain_day_products',
    keys: ['product_id'],
    counters: ['quantity', 'sales'],
  },
  {
    hours: 'insight_hour_options',
    days: 'insight_day_options',
    chain: 'insight_chain_day_options',
    keys: ['title'],
    counters: ['times'],
  },
] as const;

export const DERIVED_TABLES = [
  ...DAY_TABLES.map((table) => table.days),
  ...DAY_TABLES.map((table) => table.chain),
  'insight_chain_hours',
] as const;

/** One chain day as instants [start, end): its hours' buckets, and its own bucket (`start`). */
export interface DayRange {
  start: number;
  end: number;
}

const refs = (columns: readonly string[]) => columns.map((column) => sql.ref(column));
const sums = (columns: readonly string[]) => columns.map((column) => sql`sum(${sql.ref(column)})`);

/** An instant written as a value of a timestamp column (PostgreSQL will not guess the type). */
const timestamp = (dialect: DialectName, instant: number): RawBuilder<Timestamp> =>
  dialect === 'postgres' ? sql`cast(${iso(instant)} as timestamptz)` : sql`${iso(instant)}`;

/** `and branch_id` is one of these (every branch: nothing). */
function ofBranches(dialect: DialectName, branchIds: readonly number[] | null) {
  if (branchIds === null) return sql``;
  return dialect === 'postgres'
    ? sql` and branch_id = any(${sql.val(branchIds)})`
    : sql` and branch_id in (${sql.join(branchIds)})`;
}

/**
 * Makes these branches' (every branch's: null) rows of one chain day again from their hours, in
 * every day table, then the chain's row of that day from every branch's. The day's rows are
 * replaced whole: idempotent, like the hours'.
 */
export async function rewriteDay(
  trx: DbExecutor,
  dialect: DialectName,
  day: DayRange,
  branchIds: readonly number[] | null,
) {
  if (branchIds !== null && branchIds.length === 0) return;
  const branches = ofBranches(dialect, branchIds);
  for (const { hours, days, chain, keys, counters } of DAY_TABLES) {
    await sql`delete from ${sql.table(days)} where bucket = ${iso(day.start)}${branches}`.execute(
      trx,
    );
    const grouped = sql.join([sql.ref('branch_id'), ...refs(keys)]);
    await sql`insert into ${sql.table(days)} (${sql.join(refs(['branch_id', 'bucket', ...keys, ...counters]))})
      select branch_id, ${timestamp(dialect, day.start)}${keys.length ? sql`, ${sql.join(refs(keys))}` : sql``}, ${sql.join(sums(counters))}
      from ${sql.table(hours)}
      where bucket >= ${iso(day.start)} and bucket < ${iso(day.end)}${branches}
      group by ${grouped}`.execute(trx);
    await rewriteChainDay(trx, dialect, day, { days, chain, keys, counters });
  }
}

/** The chain's row of one day in one table, from every branch's row of that day. */
async function rewriteChainDay(
  trx: DbExecutor,
  dialect: DialectName,
  day: DayRange,
  table: { days: string; chain: string; keys: readonly string[]; counters: readonly string[] },
) {
  const { days, chain, keys, counters } = table;
  await sql`delete from ${sql.table(chain)} where bucket = ${iso(day.start)}`.execute(trx);
  const keyed = keys.length ? sql`, ${sql.join(refs(keys))}` : sql``;
  await sql`insert into ${sql.table(chain)} (${sql.join(refs(['bucket', ...keys, ...counters]))})
    select ${timestamp(dialect, day.start)}${keyed}, ${sql.join(sums(counters))}
    from ${sql.table(days)}
    where bucket = ${iso(day.start)}
    group by ${sql.join(refs(['bucket', ...keys]))}`.execute(trx);
}

/** Makes the chain's hours [start, end) again from every branch's. */
export async function rewriteChainHours(trx: DbExecutor, start: number, end: number) {
  await sql`delete from insight_chain_hours
    where bucket >= ${iso(start)} and bucket < ${iso(end)}`.execute(trx);
  await sql`insert into insight_chain_hours (${sql.join(refs(['bucket', ...HOUR_COUNTERS]))})
    select bucket, ${sql.join(sums(HOUR_COUNTERS))}
    from insight_hours
    where bucket >= ${iso(start)} and bucket < ${iso(end)}
    group by bucket`.execute(trx);
}

/** Every hour some branch has a row for, in order. */
export async function hoursWithRows(trx: DbExecutor): Promise<number[]> {
  const rows = await trx
    .selectFrom('insight_hours')
    .select('bucket')
    .distinct()
    .orderBy('bucket')
    .execute();
  return rows.map((row) => new Date(row.bucket).getTime());
}
