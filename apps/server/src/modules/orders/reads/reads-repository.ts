// The reads that show orders: one, several, a customer's history, a branch's board. Plain
// functions of the store (decision 065).
import { sql, type Kysely } from 'kysely';
import { idIn } from '../../../db/id-list';
import type { Database, OrderStatus } from '../../../db/types';
import type { OrdersStore } from '../types';
import { lineColumns } from '../writing/order-columns';
import type { OrderLineRow } from './order-answer';

/** `column in ids`, as each dialect reads a list best (decision 054). */
const ONE_OF = { sqlite: idIn('sqlite'), postgres: idIn('postgres') };

/** Every column an order answer needs (order-answer.ts), with its branch and customer. */
const selectOrders = (db: Kysely<Database>) =>
  db
    .selectFrom('orders as o')
    .innerJoin('branches as b', 'b.id', 'o.branch_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    // The courier carrying it, once a trip has it (decision 068).
    .leftJoin('trips as t', 't.id', 'o.trip_id')
    .leftJoin('users as c', 'c.id', 't.courier_id')
    .select([
      'o.id',
      'o.client_order_id',
      'o.branch_id',
      'b.title as branch_title',
      'b.address as branch_address',
      'o.type_delivery',
      'o.address',
      'o.neighbourhood',
      'o.address_notes',
      'o.address_id',
      'o.payment_description',
      'o.observation',
      'o.quantity',
      'o.total',
      'o.delivery_fee',
      'o.discount',
      'o.promotions',
      'o.status',
      'o.created_at',
      'o.accepted_at',
      'o.promised_at',
      'o.reject_reason',
      'o.scheduled_for',
      'o.fire_at',
      'o.payment_status',
      'o.refunded_amount',
      'o.pay_with',
      'o.tip',
      'u.name as customer_name',
      'c.name as courier_name',
      'o.arrival_from',
      'o.arrival_to',
      'o.delivery_failed',
      'o.channel',
      // The phone the order was placed with; orders from before it was kept show the account's.
      (eb) => eb.fn.coalesce('o.customer_phone', 'u.phone').as('customer_phone'),
    ]);

export const findOrder = ({ db }: OrdersStore, id: number) =>
  selectOrders(db).select('o.user_id').where('o.id', '=', id).executeTakeFirst();

/** The branch an order belongs to, or null when there is no such order. */
export async function findOrderBranch({ db }: OrdersStore, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select('branch_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.branch_id ?? null;
}

export const orderLines = ({ db }: OrdersStore, orderId: number) =>
  db
    .selectFrom('order_lines')
    .select(lineColumns)
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();

export const orderHistory = ({ db }: OrdersStore, orderId: number) =>
  db
    .selectFrom('order_status_history')
    .select(['status', 'at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

/** Several orders at once (a staff list); in no particular order. */
export const findOrders = ({ db, dialect }: OrdersStore, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : selectOrders(db)
        .select('o.user_id')
        .where((eb) => ONE_OF[dialect](eb, eb.ref('o.id'), ids))
        .execute();

/** The status history of several orders, each in its own sequence. */
export const historyOf = ({ db, dialect }: OrdersStore, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('order_status_history')
        .select(['order_id', 'status', 'at'])
        .where((eb) => ONE_OF[dialect](eb, eb.ref('order_id'), orderIds))
        .orderBy('order_id')
        .orderBy('id')
        .execute();

/** The board: a branch's orders in these statuses, oldest first. */
export const openOrderIds = async (
  { db }: OrdersStore,
  branchId: number,
  statuses: readonly OrderStatus[],
  limit: number,
) =>
  (
    await db
      .selectFrom('orders')
      .select('id')
      .where('branch_id', '=', branchId)
      .where('status', 'in', statuses)
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((row) => row.id);

/** How many orders a customer has: one row, kept by insertOrders. */
export async function orderCount({ db }: OrdersStore, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_order_counts')
    .select('orders')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.orders ?? 0;
}

/** Where one of a customer's orders stands among theirs (1 = the first); undefined if it is not theirs. */
export async function positionOf(
  { db }: OrdersStore,
  userId: number,
  orderId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('user_seq')
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.user_seq ?? undefined;
}

/** Which page of a customer's history: `skip` of their newest orders skipped, or those below `before`. */
export type HistoryWindow = { userId: number; perPage: number } & (
  { skip: number } | { before: number }
);

/** A line of an order as the history reads it: its columns, from the order's JSON array. */
export type HistoryLine = { [C in (typeof lineColumns)[number]]: OrderLineRow[C] };

/**
 * One page of a customer's history in one statement (decision 111): the page's orders, newest
 * first, each with its lines (a JSON array) and the customer's count. The page's positions are
 * worked out inside the statement, from the count row or the cursor's order, so the index range
 * it reads is the same at any depth (decisions 018 and 027) and a page is one round trip to the
 * database, not three. No rows: the page is past the end, or `before` is not the customer's.
 */
export async function historyPage({ db, dialect }: OrdersStore, window: HistoryWindow) {
  const { userId, perPage } = window;
  const count = sql<number>`coalesce((${db
    .selectFrom('user_order_counts')
    .select('orders')
    .where('user_id', '=', userId)}), 0)`;
  const newest =
    'before' in window
      ? sql<number>`(${db
          .selectFrom('orders')
          .select('user_seq')
          .where('id', '=', window.before)
          .where('user_id', '=', userId)}) - 1`
      : sql<number>`${count} - ${window.skip}`;
  const rows = await selectOrders(db)
    .select(['o.user_seq', count.as('orders_of_customer'), LINES_OF_ORDER[dialect].as('lines')])
    .where('o.user_id', '=', userId)
    .where('o.user_seq', '<=', newest)
    .where('o.user_seq', '>', sql<number>`${newest} - ${perPage}`)
    .orderBy('o.id', 'desc')
    .execute();
  // PostgreSQL's driver parses json; SQLite answers the array's text.
  return rows.map(({ lines, ...order }) => ({
    ...order,
    lines: (typeof lines === 'string' ? JSON.parse(lines) : lines) as HistoryLine[],
  }));
}

/** Order `o`'s lines in their sequence as one JSON array, each line an object of lineColumns. */
const LINES_OF_ORDER = (() => {
  const fields = sql.join(
    lineColumns.map((column) => sql`${sql.lit(column)}, ${sql.ref(`l.${column}`)}`),
  );
  const from = sql`from order_lines l where l.order_id = o.id`;
  return {
    postgres: sql<unknown>`(select coalesce(json_agg(json_build_object(${fields}) order by l.position), '[]') ${from})`,
    sqlite: sql<unknown>`(select coalesce(json_group_array(json_object(${fields}) order by l.position), '[]') ${from})`,
  };
})();

/** The refunds of several orders paid online, oldest first (decision 061). */
export const refundsOf = ({ db, dialect }: OrdersStore, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('refunds')
        .select([
          'id',
          'order_id',
          'amount',
          'reason',
          'status',
          'automatic',
          'created_at',
          'confirmed_at',
        ])
        .where((eb) => ONE_OF[dialect](eb, eb.ref('order_id'), orderIds))
        .orderBy('id')
        .execute();

/** The lines of several orders, in each order's own sequence. */
export const linesOf = ({ db, dialect }: OrdersStore, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('order_lines')
        .select(['order_id', ...lineColumns])
        .where((eb) => ONE_OF[dialect](eb, eb.ref('order_id'), orderIds))
        .orderBy('order_id')
        .orderBy('position')
        .execute();
