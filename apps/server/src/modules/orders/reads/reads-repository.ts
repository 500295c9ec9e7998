// The reads that show orders: one, several, a customer's history, a branch's board. Plain
// functions of the store (decision 065).
import type { Kysely } from 'kysely';
import { idIn } from '../../../db/id-list';
import type { Database, OrderStatus } from '../../../db/types';
import type { OrdersStore } from '../types';
import { lineColumns } from '../writing/order-columns';

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

/** A customer's orders at positions [from, to], newest first: an index range, at any depth. */
export const ordersAtPositions = ({ db }: OrdersStore, userId: number, from: number, to: number) =>
  selectOrders(db)
    .select('o.user_seq')
    .where('o.user_id', '=', userId)
    .where('o.user_seq', '>=', from)
    .where('o.user_seq', '<=', to)
    .orderBy('o.id', 'desc')
    .execute();

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
