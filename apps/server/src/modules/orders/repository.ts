import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

export function createOrdersRepository(db: Kysely<Database>) {
  return {
    async countForUser(userId: number) {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Newest first. */
    pageForUser: (userId: number, limit: number, offset: number) =>
      db
        .selectFrom('orders as o')
        .innerJoin('branches as b', 'b.id', 'o.branch_id')
        .select([
          'o.id',
          'o.address',
          'o.type_delivery',
          'o.payment_description',
          'o.quantity',
          'o.total',
          'o.status',
          'o.created_at',
          'b.id as branch_id',
          'b.title as branch_title',
        ])
        .where('o.user_id', '=', userId)
        .orderBy('o.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    linesOf: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('order_lines')
            .select(['order_id', 'product_id', 'slug', 'title', 'image', 'unit_price', 'quantity', 'total', 'options'])
            .where('order_id', 'in', orderIds)
            .orderBy('order_id')
            .orderBy('position')
            .execute(),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
