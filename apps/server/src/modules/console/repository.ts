import type { Kysely } from 'kysely';
import type { Database, DbExecutor, OrderStatus } from '../../db/types';
import { productsAtBranch } from '../../db/branch-product';
import { exceptionFromRow, exceptionsFrom } from '../../lib/branch-exceptions';

/** The branch console's reads and writes: a branch's switches and its day's figures. */
export function createConsoleRepository(db: Kysely<Database>) {
  const branchColumns = [
    'id',
    'slug',
    'title',
    'prep_minutes',
    'paused_until',
    'rush_minutes',
    'auto_print',
  ] as const;

  return {
    /** A branch's console state with its hours (to tell open from closed). */
    async findBranch(id: number) {
      const branch = await db
        .selectFrom('branches')
        .select(branchColumns)
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!branch) return undefined;
      const [hours, exceptions] = await Promise.all([
        db
          .selectFrom('branch_hours')
          .select(['weekday', 'opens', 'closes'])
          .where('branch_id', '=', id)
          .execute(),
        db
          .selectFrom('branch_exceptions')
          .select(['branch_id', 'date', 'closed', 'ranges'])
          .where('branch_id', '=', id)
          .where('date', '>=', exceptionsFrom(new Date()))
          .execute(),
      ]);
      return { ...branch, hours, exceptions: exceptions.map(exceptionFromRow) };
    },

    async listBranches(ids: number[] | 'all') {
      if (ids !== 'all' && ids.length === 0) return [];
      let query = db.selectFrom('branches').select(branchColumns).where('active', '=', 1);
      if (ids !== 'all') query = query.where('id', 'in', ids);
      const branches = await query.orderBy('position').orderBy('id').execute();
      if (branches.length === 0) return [];
      const hours = await db
        .selectFrom('branch_hours')
        .select(['branch_id', 'weekday', 'opens', 'closes'])
        .where(
          'branch_id',
          'in',
          branches.map((b) => b.id),
        )
        .execute();
      const exceptions = await db
        .selectFrom('branch_exceptions')
        .select(['branch_id', 'date', 'closed', 'ranges'])
        .where(
          'branch_id',
          'in',
          branches.map((b) => b.id),
        )
        .where('date', '>=', exceptionsFrom(new Date()))
        .execute();
      return branches.map((branch) => ({
        ...branch,
        hours: hours.filter((h) => h.branch_id === branch.id),
        exceptions: exceptions.filter((e) => e.branch_id === branch.id).map(exceptionFromRow),
      }));
    },

    /** Branches whose timed pause has not ended yet (for the timers that announce its end). */
    pausedUntilAfter: (at: string) =>
      db
        .selectFrom('branches')
        .select(['id', 'paused_until'])
        .where('active', '=', 1)
        .where('paused_until', '>', at)
        .execute(),

    /** A branch's switches as they are, read inside the change's transaction (the log's "before"). */
    switchesOf: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('branches')
        .select(['title', 'paused_until', 'rush_minutes', 'auto_print', 'prep_minutes'])
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst(),

    /** Answers whether the branch exists. */
    async updateBranch(
      executor: DbExecutor,
      id: number,
      changes: {
        paused_until?: string | null;
        rush_minutes?: number;
        auto_print?: number;
        prep_minutes?: number;
      },
    ) {
      const result = await executor
        .updateTable('branches')
        .set(changes)
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Every active product with what this branch does with it, in menu order. */
    productsAt: (branchId: number) =>
      productsAtBranch(db, branchId)
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select([
          'p.id',
          'p.slug',
          'p.title',
          'p.image',
          'c.slug as category_slug',
          'c.title as category_title',
        ])
        .where('p.active', '=', 1)
        .where('c.active', '=', 1)
        .orderBy('c.position')
        .orderBy('c.id')
        .orderBy('p.position')
        .orderBy('p.id')
        .execute(),

    productAt: (branchId: number, productId: number, executor: DbExecutor = db) =>
      productsAtBranch(executor, branchId)
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select([
          'p.id',
          'p.slug',
          'p.title',
          'p.image',
          'c.slug as category_slug',
          'c.title as category_title',
        ])
        .where('p.id', '=', productId)
        .where('p.active', '=', 1)
        .executeTakeFirst(),

    /** Sold out or back at the branch; a product with no branch row gets one (list price, offered). */
    setSoldOut: (executor: DbExecutor, branchId: number, productId: number, soldOut: boolean) =>
      executor
        .insertInto('branch_products')
        .values({
          branch_id: branchId,
          product_id: productId,
          price: null,
          sold_out: soldOut ? 1 : 0,
          offered: 1,
        })
        .onConflict((oc) =>
          oc.columns(['branch_id', 'product_id']).doUpdateSet({ sold_out: soldOut ? 1 : 0 }),
        )
        .execute(),

    /** A day's orders at a branch, grouped by status, payment and rejection reason. */
    dayFigures: (branchId: number, from: string, to: string) =>
      db
        .selectFrom('orders')
        .select(['status', 'payment_description', 'reject_reason', 'type_delivery'])
        .select((eb) => [
          eb.fn.countAll<number | string>().as('orders'),
          eb.fn.sum<number | string>('total').as('total'),
        ])
        .where('branch_id', '=', branchId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy(['status', 'payment_description', 'reject_reason', 'type_delivery'])
        .execute(),

    /** When each of a day's accepted orders was placed and accepted. */
    acceptTimes: (branchId: number, from: string, to: string) =>
      db
        .selectFrom('orders')
        .select(['created_at', 'accepted_at'])
        .where('branch_id', '=', branchId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('accepted_at', 'is not', null)
        .execute(),

    /** A day's orders, one row each, oldest first: the day's CSV. */
    dayRows: (branchId: number, from: string, to: string) =>
      db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select([
          'o.id',
          'o.created_at',
          'o.status',
          'o.type_delivery',
          'o.payment_description',
          'o.total',
          'o.reject_reason',
          'u.name',
        ])
        .where('o.branch_id', '=', branchId)
        .where('o.created_at', '>=', from)
        .where('o.created_at', '<', to)
        .orderBy('o.id')
        .execute(),

    /** When each of a day's orders was placed and first marked ready. */
    readyTimes: (branchId: number, from: string, to: string) =>
      db
        .selectFrom('orders as o')
        .innerJoin('order_status_history as h', 'h.order_id', 'o.id')
        .select(['o.id', 'o.created_at'])
        .select((eb) => eb.fn.min('h.at').as('ready_at'))
        .where('o.branch_id', '=', branchId)
        .where('o.created_at', '>=', from)
        .where('o.created_at', '<', to)
        .where('h.status', '=', 'ready' satisfies OrderStatus)
        .groupBy(['o.id', 'o.created_at'])
        .execute(),
  };
}

export type ConsoleRepository = ReturnType<typeof createConsoleRepository>;
