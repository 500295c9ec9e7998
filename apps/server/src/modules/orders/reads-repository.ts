import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import { idIn } from '../../db/id-list';
import type { Database, OrderStatus } from '../../db/types';
import { lineColumns } from './order-columns';

/** The reads that show orders: one, several, a customer's history, a branch's board and day. */
export function createReadsRepository(db: Kysely<Database>, dialect: DialectName) {
  const oneOf = idIn(dialect);
  /** Every column an order answer needs (order-answer.ts), with its branch and customer. */
  const selectOrders = () =>
    db
      .selectFrom('orders as o')
      .innerJoin('branches as b', 'b.id', 'o.branch_id')
      .innerJoin('users as u', 'u.id', 'o.user_id')
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
        'u.name as customer_name',
        // The phone the order was placed with; orders from before it was kept show the account's.
        (eb) => eb.fn.coalesce('o.customer_phone', 'u.phone').as('customer_phone'),
      ]);

  return {
    findOrder: (id: number) =>
      selectOrders().select('o.user_id').where('o.id', '=', id).executeTakeFirst(),

    async findOrderBranch(id: number): Promise<number | null> {
      const row = await db
        .selectFrom('orders')
        .select('branch_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.branch_id ?? null;
    },

    orderLines: (orderId: number) =>
      db
        .selectFrom('order_lines')
        .select(lineColumns)
        .where('order_id', '=', orderId)
        .orderBy('position')
        .execute(),

    orderHistory: (orderId: number) =>
      db
        .selectFrom('order_status_history')
        .select(['status', 'at'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),

    /** Several orders at once (a staff list); in no particular order. */
    findOrders: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : selectOrders()
            .select('o.user_id')
            .where((eb) => oneOf(eb, eb.ref('o.id'), ids))
            .execute(),

    /** The status history of several orders, each in its own sequence. */
    historyOf: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('order_status_history')
            .select(['order_id', 'status', 'at'])
            .where((eb) => oneOf(eb, eb.ref('order_id'), orderIds))
            .orderBy('order_id')
            .orderBy('id')
            .execute(),

    /** The board: a branch's orders in these statuses, oldest first. */
    openOrderIds: async (branchId: number, statuses: readonly OrderStatus[], limit: number) =>
      (
        await db
          .selectFrom('orders')
          .select('id')
          .where('branch_id', '=', branchId)
          .where('status', 'in', statuses)
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => row.id),

    /** How many orders a customer has: one row, kept by insertOrders. */
    async orderCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('user_order_counts')
        .select('orders')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.orders ?? 0;
    },

    /** A customer's orders at positions [from, to], newest first: an index range, at any depth. */
    ordersAtPositions: (userId: number, from: number, to: number) =>
      selectOrders()
        .select('o.user_seq')
        .where('o.user_id', '=', userId)
        .where('o.user_seq', '>=', from)
        .where('o.user_seq', '<=', to)
        .orderBy('o.id', 'desc')
        .execute(),

    /** Where one of a customer's orders stands among theirs (1 = the first); undefined if it is not theirs. */
    async positionOf(userId: number, orderId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('orders')
        .select('user_seq')
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.user_seq ?? undefined;
    },

    /** The refunds of several orders paid online, oldest first (decision 061). */
    refundsOf: (orderIds: number[]) =>
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
            .where((eb) => oneOf(eb, eb.ref('order_id'), orderIds))
            .orderBy('id')
            .execute(),

    /** The lines of several orders, in each order's own sequence. */
    linesOf: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('order_lines')
            .select(['order_id', ...lineColumns])
            .where((eb) => oneOf(eb, eb.ref('order_id'), orderIds))
            .orderBy('order_id')
            .orderBy('position')
            .execute(),
  };
}
