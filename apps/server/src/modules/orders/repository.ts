import { sql, type Kysely } from 'kysely';
import { SCHEDULE_MESSAGES, type OrderLineOption } from '@comanda/shared';
import type { DialectName } from '../../db/dialect';
import { multiRowInsert } from '../../db/multi-row-insert';
import type { Database, DbExecutor, OrderStatus } from '../../db/types';
import { productsAtBranch } from '../../db/branch-product';
import { visibleOptionGroups } from '../../db/option-groups';
import { OPEN_WORK_STATUSES, type OpenWorkRow } from './open-work';
import { claimCoupon, findCouponCode, redeemedAtBranch } from './coupon-repository';
import { claimSlot, releaseSlot, slotCounts } from './slot-repository';

/** A validated order ready to store: every figure computed by the server. */
export interface OrderDraft {
  user_id: number;
  branch_id: number;
  client_order_id: string;
  type_delivery: 1 | 2;
  address_id: number | null;
  address: string;
  neighbourhood: string | null;
  /** The saved address's notes when ordered; null for pickup or none. */
  address_notes: string | null;
  /** The customer's phone when ordered. */
  customer_phone: string;
  payment_type_id: number;
  payment_description: string;
  observation: string;
  quantity: number;
  /** The products' total plus `delivery_fee`, less `discount`. */
  total: number;
  /** The delivery zone's fee charged; 0 for pickup. */
  delivery_fee: number;
  /** What the discount code took off the products; 0 without one. */
  discount: number;
  /** The discount code redeemed with the order, in the order's own transaction; null: none. */
  coupon_code_id: number | null;
  /** A scheduled order's slot start (ISO, also its slot's key); null: as soon as possible. */
  scheduled_for: string | null;
  /** When the kitchen must start it (ISO); null: when placed. */
  fire_at: string | null;
  lines: {
    product_id: number;
    slug: string;
    title: string;
    image: string;
    unit_price: number;
    quantity: number;
    total: number;
    /** The chosen options; stored as JSON text. */
    options: OrderLineOption[];
  }[];
}

/** A line's columns as placement builds them; its options follow, as JSON text. */
const linePlainColumns = [
  'product_id',
  'slug',
  'title',
  'image',
  'unit_price',
  'quantity',
  'total',
] as const;
const lineColumns = [...linePlainColumns, 'options'] as const;

/** An order's columns taken from its draft; the batch writes the four after them itself. */
const orderDraftColumns = [
  'user_id',
  'branch_id',
  'client_order_id',
  'type_delivery',
  'address_id',
  'address',
  'neighbourhood',
  'address_notes',
  'customer_phone',
  'payment_type_id',
  'payment_description',
  'observation',
  'quantity',
  'total',
  'delivery_fee',
  'discount',
  'coupon_code_id',
  'scheduled_for',
  'fire_at',
] as const;
/** The columns one order's row is written with, in the order the batch's values follow (bench:orders writes the same). */
export const orderColumns = [
  ...orderDraftColumns,
  'user_seq',
  'status',
  'created_at',
  'updated_at',
] as const;
export const orderLineColumns = ['order_id', 'position', ...lineColumns] as const;

/** Rows per statement: far below both databases' limits on parameters (SQLite 32,766; PostgreSQL 65,535). */
const ROWS_PER_STATEMENT = 500;

/** Reads that validate an order, the writes that store and progress it, and the reads that show it. */
export function createOrdersRepository(db: Kysely<Database>, dialect: DialectName) {
  const insertRows = multiRowInsert(dialect);

  /** One group-commit batch in one transaction; `lookFirst` reads which are stored already. */
  const writeOrders = (drafts: OrderDraft[], at: string, lookFirst: boolean) =>
    db.transaction().execute(async (trx) => {
      // A handful of statements per batch, whatever its size: a round trip per row would cost
      // PostgreSQL more than the commit itself.
      const stored = lookFirst ? await orderIdsOf(trx, drafts) : new Map<string, number>();
      const fresh = new Map<string, OrderDraft>();
      for (const draft of drafts)
        if (!stored.has(orderKey(draft)) && !fresh.has(orderKey(draft)))
          fresh.set(orderKey(draft), draft);
      // Scheduled orders take their place in their slot first; one whose slot is full is not
      // written (the others of the batch are) and is answered `full`.
      const full = await claimSlots(trx, fresh);
      // Then their discount codes: one taken meanwhile refuses its order alone, and gives back
      // the slot that order had just claimed.
      const couponRefused = await claimCoupons(trx, fresh, at);

      // Positions: the counter rows are locked (PostgreSQL) in user order, so two nodes' batches
      // cannot deadlock, and a customer's positions follow their orders' ids.
      const perUser = new Map<number, number>();
      for (const draft of fresh.values())
        perUser.set(draft.user_id, (perUser.get(draft.user_id) ?? 0) + 1);
      const nextSeq = new Map<number, number>();
      for (const chunk of chunks(
        [...perUser].sort(([a], [b]) => a - b),
        ROWS_PER_STATEMENT,
      )) {
        const counts = await insertRows<{ user_id: number; orders: number }>(
          trx,
          'user_order_counts',
          ['user_id', 'orders'],
          chunk.flat(),
          'on conflict (user_id) do update set orders = user_order_counts.orders + excluded.orders returning user_id, orders',
        );
        for (const row of counts)
          nextSeq.set(row.user_id, row.orders - perUser.get(row.user_id)! + 1);
      }

      const inserted = new Map<string, number>();
      for (const chunk of chunks([...fresh.values()], ROWS_PER_STATEMENT)) {
        const values: unknown[] = [];
        for (const order of chunk) {
          const user_seq = nextSeq.get(order.user_id)!;
          nextSeq.set(order.user_id, user_seq + 1);
          // Straight into the values, without a spread copy of each draft (the writer's costliest line).
          for (const column of orderDraftColumns) values.push(order[column]);
          values.push(user_seq, 'received', at, at);
        }
        const written = await insertRows<{ id: number; user_id: number; client_order_id: string }>(
          trx,
          'orders',
          orderColumns,
          values,
          'on conflict (user_id, client_order_id) do nothing returning id, user_id, client_order_id',
        );
        for (const row of written) inserted.set(orderKey(row), row.id);
      }
      // An order already stored (by its twin, since the look-up, possibly on another node): the
      // counts above would be one too many. Undo everything and write the batch again.
      if (inserted.size !== fresh.size) throw new StoredMeanwhile();

      // Each line's values in column order, without a spread copy of each line.
      const lineRows: unknown[][] = [];
      for (const [key, draft] of fresh) {
        const orderId = inserted.get(key)!;
        draft.lines.forEach((line, position) =>
          lineRows.push([
            orderId,
            position,
            ...linePlainColumns.map((column) => line[column]),
            JSON.stringify(line.options),
          ]),
        );
      }
      for (const chunk of chunks(lineRows, ROWS_PER_STATEMENT)) {
        await insertRows(trx, 'order_lines', orderLineColumns, chunk.flat());
      }
      for (const chunk of chunks([...inserted.values()], ROWS_PER_STATEMENT)) {
        await insertRows(
          trx,
          'order_status_history',
          ['order_id', 'status', 'at'],
          chunk.flatMap((order_id) => [order_id, 'received', at]),
        );
      }

      const answered = new Set<string>();
      return drafts.map((draft): WrittenOrder => {
        const key = orderKey(draft);
        const id = inserted.get(key);
        if (id !== undefined && !answered.has(key)) {
          answered.add(key);
          return { id, created: true };
        }
        if (id === undefined && full.has(key)) return { id: 0, created: false, full: true };
        const coupon = id === undefined ? couponRefused.get(key) : undefined;
        if (coupon) return { id: 0, created: false, coupon };
        return { id: (id ?? stored.get(key))!, created: false };
      });
    });

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
        'u.name as customer_name',
        // The phone the order was placed with; orders from before it was kept show the account's.
        (eb) => eb.fn.coalesce('o.customer_phone', 'u.phone').as('customer_phone'),
      ]);

  return {
    findBranch: (branchId: number) =>
      db
        .selectFrom('branches')
        .select([
          'id',
          'title',
          'address',
          'delivery_available',
          'pickup_available',
          'paused_until',
          'prep_minutes',
          'rush_minutes',
          'orders_per_slot',
          'units_per_slot',
        ])
        .where('id', '=', branchId)
        .where('active', '=', 1)
        .executeTakeFirst(),

    branchHours: (branchId: number) =>
      db
        .selectFrom('branch_hours')
        .select(['weekday', 'opens', 'closes'])
        .where('branch_id', '=', branchId)
        .execute(),

    deliveryZones: (branchId: number) =>
      db
        .selectFrom('branch_delivery_zones')
        .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
        .where('branch_id', '=', branchId)
        .execute(),

    /** A branch's dated exceptions from `from` (YYYY-MM-DD) on. */
    branchExceptions: (branchId: number, from: string) =>
      db
        .selectFrom('branch_exceptions')
        .select(['date', 'closed', 'ranges'])
        .where('branch_id', '=', branchId)
        .where('date', '>=', from)
        .execute(),

    findPaymentType: (id: number) =>
      db
        .selectFrom('payment_types')
        .select(['id', 'description'])
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst(),

    findAddress: (userId: number, id: number) =>
      db
        .selectFrom('addresses')
        .select(['id', 'address', 'neighbourhood', 'city', 'notes'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /**
     * Every active product's price and state at the branch: the menu placement checks orders
     * against (menu-snapshot.ts keeps it until the catalogue says it changed).
     */
    productsAtBranch: (branchId: number) =>
      productsAtBranch(db, branchId)
        .select(['p.id', 'p.slug', 'p.title', 'p.image'])
        .where('p.active', '=', 1)
        .execute(),

    /** A product's option groups and options (with their prices). */
    optionsOf: (productId: number) => visibleOptionGroups(db, productId),

    /** A discount code by its text, as the customer typed it once normalised. */
    findCouponCode: (code: string) => findCouponCode(db, code),

    /** Whether the customer has redeemed a code at the branch already. */
    redeemedAtBranch: (branchId: number, userId: number) => redeemedAtBranch(db, branchId, userId),

    /** The stored ids of these (user, client_order_id) pairs, keyed `user_id:client_order_id`: one statement for many. */
    findOrderIds: (keys: OrderKey[]) => orderIdsOf(db, keys),

    /**
     * Stores several orders in ONE transaction (group commit: one durable sync for the batch).
     * Answers each draft's order id; a draft whose (user, client_order_id) already exists gets
     * the existing order's id and writes nothing. Each new order takes the next position among
     * its customer's orders, and the customer's count grows with it, in the same transaction.
     *
     * Nearly every draft is a new order (placement looks a retry up only when it would refuse
     * it), so the batch is first written as if all its orders were new; only when one turns out
     * to be stored already (a retry of a stored order, or a twin that committed meanwhile) is
     * it written again, looking the stored ones up first. On PostgreSQL that keeps the usual
     * batch at six round trips.
     */
    async insertOrders(drafts: OrderDraft[], at: string): Promise<WrittenOrder[]> {
      try {
        return await writeOrders(drafts, at, false);
      } catch (error) {
        if (!(error instanceof StoredMeanwhile)) throw error;
        return writeOrders(drafts, at, true);
      }
    },

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
        : selectOrders().select('o.user_id').where('o.id', 'in', ids).execute(),

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
      db
        .selectFrom('branches')
        .select(['prep_minutes', 'rush_minutes'])
        .where('id', '=', branchId)
        .executeTakeFirst(),

    /**
     * Moves an order from `from` along `steps` (the target last; one history row per step, in
     * order) with what the move records (the promise on accepting, the reason on rejecting) and
     * who took it; `also` runs in the same transaction once the move is made (the change log's
     * rows). False when it was no longer at `from` (someone else moved it), and then nothing is
     * written.
     */
    changeStatus: (
      orderId: number,
      from: OrderStatus,
      steps: readonly OrderStatus[],
      at: string,
      step: {
        recorded?: { accepted_at?: string; promised_at?: string; reject_reason?: string };
        actorId: number | null;
        also?: (trx: DbExecutor) => Promise<void>;
      },
    ) =>
      db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('orders')
          .set({ status: steps.at(-1)!, updated_at: at, ...step.recorded })
          .where('id', '=', orderId)
          .where('status', '=', from)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        // One insert per step, in order: the history is read back by id.
        for (const status of steps) {
          await trx
            .insertInto('order_status_history')
            .values({ order_id: orderId, status, at, actor_id: step.actorId })
            .execute();
        }
        // A scheduled order that will not be made gives its place in the slot back.
        const target = steps.at(-1);
        if (target === 'cancelled' || target === 'rejected') await releaseSlotOf(trx, orderId);
        await step.also?.(trx);
        return true;
      }),

    /**
     * The customer cancels their scheduled order: only while it is still received and its fire
     * time is after `at`; its place in the slot is given back in the same transaction. False
     * when it is not theirs, not scheduled, already moved on or already fired.
     */
    cancelScheduled: (orderId: number, userId: number, at: string) =>
      db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('orders')
          .set({ status: 'cancelled', updated_at: at, reject_reason: SCHEDULE_MESSAGES.cancelled })
          .where('id', '=', orderId)
          .where('user_id', '=', userId)
          .where('status', '=', 'received')
          .where('scheduled_for', 'is not', null)
          .where('fire_at', '>', at)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('order_status_history')
          .values({ order_id: orderId, status: 'cancelled', at, actor_id: null })
          .execute();
        await releaseSlotOf(trx, orderId);
        return true;
      }),

    /** A branch's open work for the promise (open-work.ts): its orders received, accepted or in preparation. */
    openWork: (branchId: number): Promise<OpenWorkRow[]> =>
      db
        .selectFrom('orders')
        .select(['id', 'status', 'quantity', 'accepted_at', 'promised_at', 'fire_at'])
        .where('branch_id', '=', branchId)
        .where('status', 'in', OPEN_WORK_STATUSES)
        .orderBy('id')
        .execute(),

    /** What each slot of a branch in [from, to) has taken. */
    slotCounts: (branchId: number, from: string, to: string) => slotCounts(db, branchId, from, to),

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
    dayOrderIds: async (
      branchId: number,
      from: string,
      to: string,
      search: string | undefined,
      limit: number,
    ) => {
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

/** Gives a scheduled order's place in its slot back (nothing for an order as soon as possible). */
async function releaseSlotOf(trx: DbExecutor, orderId: number): Promise<void> {
  const row = await trx
    .selectFrom('orders')
    .select(['branch_id', 'scheduled_for', 'quantity'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row || row.scheduled_for === null) return;
  const slot = new Date(row.scheduled_for).toISOString();
  await releaseSlot(trx, { branch_id: row.branch_id, slot, units: row.quantity });
}

/** One draft of a batch as written: its id, whether this batch stored it, or its slot was full. */
export interface WrittenOrder {
  id: number;
  created: boolean;
  full?: true;
  /** Its discount code was redeemed meanwhile (`used`), or the customer redeemed another one at the branch (`customer`): nothing was stored. */
  coupon?: 'used' | 'customer';
}

/**
 * Redeems the discount codes of a batch's drafts, in code order (two nodes' batches lock the
 * rows in the same order); removes from `fresh`, and answers with the reason, those whose code
 * was taken meanwhile, giving back the slot such a draft had claimed in this transaction.
 */
async function claimCoupons(
  trx: DbExecutor,
  fresh: Map<string, OrderDraft>,
  at: string,
): Promise<Map<string, 'used' | 'customer'>> {
  const refused = new Map<string, 'used' | 'customer'>();
  const withCode = [...fresh].filter(([, draft]) => draft.coupon_code_id !== null);
  if (withCode.length === 0) return refused;
  withCode.sort(([, a], [, b]) => a.coupon_code_id! - b.coupon_code_id!);
  for (const [key, draft] of withCode) {
    const claim = { coupon_code_id: draft.coupon_code_id!, user_id: draft.user_id };
    const outcome = await claimCoupon(trx, claim, at);
    if (outcome === 'claimed') continue;
    refused.set(key, outcome);
    fresh.delete(key);
    if (draft.scheduled_for !== null)
      await releaseSlot(trx, {
        branch_id: draft.branch_id,
        slot: draft.scheduled_for,
        units: draft.quantity,
      });
  }
  return refused;
}

/**
 * Claims the slots of a batch's scheduled drafts, in (branch, slot) order so that two nodes'
 * batches lock the counter rows in the same order and cannot deadlock; removes from `fresh` and
 * answers the keys of those whose slot was full.
 */
async function claimSlots(trx: DbExecutor, fresh: Map<string, OrderDraft>): Promise<Set<string>> {
  const full = new Set<string>();
  const scheduled = [...fresh].filter(([, draft]) => draft.scheduled_for !== null);
  scheduled.sort(
    ([, a], [, b]) => a.branch_id - b.branch_id || (a.scheduled_for! < b.scheduled_for! ? -1 : 1),
  );
  for (const [key, draft] of scheduled) {
    const claim = { branch_id: draft.branch_id, slot: draft.scheduled_for!, units: draft.quantity };
    if (await claimSlot(trx, claim)) continue;
    full.add(key);
    fresh.delete(key);
  }
  return full;
}

/** Some order of a batch was already stored: the batch is written again, looking them up first. */
class StoredMeanwhile extends Error {
  constructor() {
    super('an order of the batch was stored meanwhile by its twin');
  }
}

/** What makes placing an order idempotent: the customer and the id their app gave the attempt. */
export interface OrderKey {
  user_id: number;
  client_order_id: string;
}

export const orderKey = (key: OrderKey) => `${key.user_id}:${key.client_order_id}`;

async function orderIdsOf(db: Kysely<Database>, keys: OrderKey[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const chunk of chunks(keys, 500)) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'user_id', 'client_order_id'])
      .where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('user_id', 'client_order_id'),
          'in',
          chunk.map((key) => tuple(key.user_id, key.client_order_id)),
        ),
      )
      .execute();
    for (const row of rows) found.set(orderKey(row), row.id);
  }
  return found;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
