// The ratings' SQL: plain functions of the executor (decision 065).
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/types';

/** What rating an order needs to know of it: whose it is, where, and how far it went. */
export const findRatedOrder = (db: DbExecutor, orderId: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'user_id', 'branch_id', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirst();

const RATING_COLUMNS = ['r.order_id', 'r.stars', 'r.comment', 'r.created_at'] as const;

export const findRating = (db: DbExecutor, orderId: number) =>
  db
    .selectFrom('order_ratings as r')
    .select(RATING_COLUMNS)
    .where('r.order_id', '=', orderId)
    .executeTakeFirst();

/**
 * Stores the order's rating; false when it already has one (the order is the primary key, so of
 * two requests racing, one inserts and the other is told so, on either database).
 */
export async function insertRating(
  db: DbExecutor,
  row: {
    order_id: number;
    branch_id: number;
    user_id: number;
    stars: number;
    comment: string;
    created_at: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('order_ratings')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The latest ratings, newest first, with their branch's title. */
export const latestRatings = (db: DbExecutor, limit: number) =>
  db
    .selectFrom('order_ratings as r')
    .innerJoin('branches as b', 'b.id', 'r.branch_id')
    .select([...RATING_COLUMNS, 'r.branch_id', 'b.title as branch_title'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.order_id', 'desc')
    .limit(limit)
    .execute();

/** Every branch (hidden ones too, they were rated once) with its ratings' count and mean. */
export const branchAverages = (db: DbExecutor) =>
  db
    .selectFrom('branches as b')
    .leftJoin('order_ratings as r', 'r.branch_id', 'b.id')
    .select([
      'b.id as branch_id',
      'b.title',
      (eb) => eb.fn.count<number | string>('r.order_id').as('count'),
      // A float on both databases (integer division on neither).
      sql<number | string | null>`avg(r.stars * 1.0)`.as('average'),
    ])
    .groupBy(['b.id', 'b.title', 'b.position'])
    .orderBy('b.position')
    .orderBy('b.id')
    .execute();
