import { sql, type Kysely } from 'kysely';
import type { Database, OrderStatus } from '../../db/types';

/** A validated order ready to store: every figure computed by the server. */
export interface OrderDraft {
  user_id: number;
  branch_id: number;
  client_order_id: string;
  type_delivery: 1 | 2;
  address_id: number | null;
  address: string;
  neighbourhood: string | null;
  payment_type_id: number;
  payment_description: string;
  observation: string;
  quantity: number;
  /** The products' total plus `delivery_fee`. */
  total: number;
  /** The delivery zone's fee charged; 0 for pickup. */
  delivery_fee: number;
  lines: {
    product_id: number;
    slug: string;
    title: string;
    image: string;
    unit_price: number;
    quantity: number;
    total: number;
    options: string;
  }[];
}

const lineColumns = ['product_id', 'slug', 'title', 'image', 'unit_price', 'quantity', 'total', 'options'] as const;

/** Reads that validate an order, the writes that store and progress it, and the reads that show it. */
export function createOrdersRepository(db: Kysely<Database>) {
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
        'o.payment_description',
        'o.observation',
        'o.quantity',
        'o.total',
        'o.delivery_fee',
        'o.status',
        'o.created_at',
        'o.accepted_at',
        'o.promised_at',
        'o.reject_reason',
        'u.name as customer_name',
        'u.phone as customer_phone',
      ]);

  return {
    findBranch: (branchId: number) =>
      db
        .selectFrom('branches')
        .select(['id', 'title', 'address', 'delivery_available', 'pickup_available', 'paused_until'])
        .where('id', '=', branchId)
        .where('active', '=', 1)
        .executeTakeFirst(),

    branchHours: (branchId: number) =>
      db.selectFrom('branch_hours').select(['weekday', 'opens', 'closes']).where('branch_id', '=', branchId).execute(),

    deliveryZones: (branchId: number) =>
      db.selectFrom('branch_delivery_zones').select(['neighbourhood', 'fee', 'min_order']).where('branch_id', '=', branchId).execute(),

    /** A branch's dated exceptions from `from` (YYYY-MM-DD) on. */
    branchExceptions: (branchId: number, from: string) =>
      db.selectFrom('branch_exceptions').select(['date', 'closed', 'ranges']).where('branch_id', '=', branchId).where('date', '>=', from).execute(),

    findPaymentType: (id: number) =>
      db.selectFrom('payment_types').select(['id', 'description']).where('id', '=', id).where('active', '=', 1).executeTakeFirst(),

    findAddress: (userId: number, id: number) =>
      db
        .selectFrom('addresses')
        .select(['id', 'address', 'neighbourhood', 'city'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** Each product's price and state at the branch: read fresh for every order. */
    productsAtBranch: (branchId: number, productIds: number[]) =>
      productIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('products as p')
            .leftJoin('branch_products as bp', (join) => join.onRef('bp.product_id', '=', 'p.id').on('bp.branch_id', '=', branchId))
            .select(['p.id', 'p.slug', 'p.title', 'p.image', 'p.price', 'bp.price as branch_price', 'bp.sold_out', 'bp.offered'])
            .where('p.id', 'in', productIds)
            .where('p.active', '=', 1)
            .execute(),

    /** A product's option groups and options (with their prices). */
    async optionsOf(productId: number) {
      const groups = await db
        .selectFrom('modifier_groups')
        .select(['id', 'product_id', 'title', 'required', 'type_input', 'min_choices', 'max_choices'])
        .where('product_id', '=', productId)
        // Removed in the back office: a cart that still names it is refused, not priced.
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
      const options =
        groups.length === 0
          ? []
          : await db
              .selectFrom('modifier_options')
              .select(['id', 'group_id', 'title', 'price'])
              .where('active', '=', 1)
              .where(
                'group_id',
                'in',
                groups.map((g) => g.id),
              )
              .orderBy('position')
              .orderBy('id')
              .execute();
      return { groups, options };
    },

    async findOrderId(userId: number, clientOrderId: string) {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('client_order_id', '=', clientOrderId)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Stores several orders in ONE transaction (group commit: one durable sync for the batch).
     * Answers each draft's order id; a draft whose (user, client_order_id) already exists gets
     * the existing order's id and writes nothing.
     */
    insertOrders: (drafts: OrderDraft[], at: string) =>
      db.transaction().execute(async (trx) => {
        // Three statements per batch, whatever its size: a round trip per row would cost
        // PostgreSQL more than the commit itself.
        const inserted = new Map<string, number>();
        for (const chunk of chunks(drafts, 500)) {
          const rows = await trx
            .insertInto('orders')
            .values(chunk.map(({ lines: _lines, ...order }) => ({ ...order, status: 'received' as const, created_at: at, updated_at: at })))
            .onConflict((oc) => oc.columns(['user_id', 'client_order_id']).doNothing())
            .returning(['id', 'user_id', 'client_order_id'])
            .execute();
          for (const row of rows) inserted.set(`${row.user_id}:${row.client_order_id}`, row.id);
        }

        // Drafts whose (user, client_order_id) was already there: a retry. Answer the stored order.
        const key = (d: OrderDraft) => `${d.user_id}:${d.client_order_id}`;
        const created = new Set<string>();
        const results = drafts.map((draft) => {
          const id = inserted.get(key(draft));
          if (id === undefined || created.has(key(draft))) return null;
          created.add(key(draft));
          return { id, created: true };
        });
        const missing = drafts.filter((_, i) => results[i] === null);
        const existing = new Map<string, number>();
        for (const draft of missing) {
          if (existing.has(key(draft)) || inserted.has(key(draft))) continue;
          const row = await trx
            .selectFrom('orders')
            .select('id')
            .where('user_id', '=', draft.user_id)
            .where('client_order_id', '=', draft.client_order_id)
            .executeTakeFirstOrThrow();
          existing.set(key(draft), row.id);
        }

        const newOrders = drafts
          .map((draft, i) => ({ draft, result: results[i] }))
          .filter((x): x is { draft: OrderDraft; result: { id: number; created: boolean } } => x.result !== null);
        const lines = newOrders.flatMap(({ draft, result }) =>
          draft.lines.map((line, position) => ({ ...line, order_id: result.id, position })),
        );
        for (const chunk of chunks(lines, 500)) await trx.insertInto('order_lines').values(chunk).execute();
        const history = newOrders.map(({ result }) => ({ order_id: result.id, status: 'received' as const, at }));
        for (const chunk of chunks(history, 1000)) await trx.insertInto('order_status_history').values(chunk).execute();

        return drafts.map((draft, i) => results[i] ?? { id: (inserted.get(key(draft)) ?? existing.get(key(draft)))!, created: false });
      }),

    findOrder: (id: number) => selectOrders().select('o.user_id').where('o.id', '=', id).executeTakeFirst(),

    async findOrderBranch(id: number): Promise<number | null> {
      const row = await db.selectFrom('orders').select('branch_id').where('id', '=', id).executeTakeFirst();
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
      db.selectFrom('order_status_history').select(['status', 'at']).where('order_id', '=', orderId).orderBy('id').execute(),

    /** Several orders at once (a staff list); in no particular order. */
    findOrders: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : selectOrders().select('o.user_id').where('o.id', 'in', ids).execute(),

    /** The status history of several orders, each in its own sequence. */
    historyOf: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('order_status_history')
            .select(['order_id', 'status', 'at'])
            .where('order_id', 'in', orderIds)
            .orderBy('order_id')
            .orderBy('id')
            .execute(),

    /** What a promise is made of, read fresh when an order is accepted. */
    branchTiming: (branchId: number) =>
      db.selectFrom('branches').select(['prep_minutes', 'rush_minutes']).where('id', '=', branchId).executeTakeFirst(),

    /**
     * Moves an order from `from` to `to` with what that step records (the promise on accepting,
     * the reason on rejecting); false when it was no longer at `from` (someone else moved it).
     */
    changeStatus: (
      orderId: number,
      from: OrderStatus,
      to: OrderStatus,
      at: string,
      recorded: { accepted_at?: string; promised_at?: string; reject_reason?: string } = {},
    ) =>
      db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('orders')
          .set({ status: to, updated_at: at, ...recorded })
          .where('id', '=', orderId)
          .where('status', '=', from)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx.insertInto('order_status_history').values({ order_id: orderId, status: to, at }).execute();
        return true;
      }),

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

    /**
     * A branch's orders placed in [from, to), newest first. `search`: "#12" is order 12 only;
     * digits are an order number or part of the customer's phone; anything else is part of the
     * customer's name (case-insensitive in both databases) or phone.
     */
    dayOrderIds: async (branchId: number, from: string, to: string, search: string | undefined, limit: number) => {
      let query = db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select('o.id')
        .where('o.branch_id', '=', branchId)
        .where('o.created_at', '>=', from)
        .where('o.created_at', '<', to);
      if (search && /^#\d{1,9}$/.test(search)) {
        query = query.where('o.id', '=', Number(search.slice(1)));
      } else if (search) {
        const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const number = /^\d{1,9}$/.test(search) ? Number(search) : null;
        query = query.where((eb) =>
          eb.or([
            ...(number === null ? [] : [eb('o.id', '=', number)]),
            eb(eb.fn('lower', ['u.name']), 'like', sql<string>`${pattern} escape '\\'`),
            eb('u.phone', 'like', sql<string>`${pattern} escape '\\'`),
          ]),
        );
      }
      return (await query.orderBy('o.id', 'desc').limit(limit).execute()).map((row) => row.id);
    },

    async countForUser(userId: number) {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A user's orders, newest first. */
    pageForUser: (userId: number, limit: number, offset: number) =>
      selectOrders().where('o.user_id', '=', userId).orderBy('o.id', 'desc').limit(limit).offset(offset).execute(),

    /** The lines of several orders, in each order's own sequence. */
    linesOf: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('order_lines')
            .select(['order_id', ...lineColumns])
            .where('order_id', 'in', orderIds)
            .orderBy('order_id')
            .orderBy('position')
            .execute(),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
