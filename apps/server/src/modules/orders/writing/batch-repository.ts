import type { Kysely } from 'kysely';
import type { DialectName } from '../../../db/dialect';
import { multiRowInsert } from '../../../db/multi-row-insert';
import type { Database, DbExecutor } from '../../../db/types';
import { claimSlot } from '../schedule/slot-repository';
import type {
  CouponRefusal,
  OrderDraft,
  OrderKey,
  OrdersStore,
  Written,
  WrittenOrder,
} from '../types';
import { claimCoupons } from './coupon-repository';
import { claimPromotionLimits } from './promotion-claim-repository';
import {
  linePlainColumns,
  orderColumns,
  orderDraftColumns,
  orderLineColumns,
} from './order-columns';
import { orderKey } from './order-key';
import { writeInOneStatement } from './postgres-batch-repository';

/** Rows per statement: far below both databases' limits on parameters (SQLite 32,766; PostgreSQL 65,535). */
const ROWS_PER_STATEMENT = 500;

type InsertRows = ReturnType<typeof multiRowInsert>;

/** One inserter per dialect for the process: each keeps the statement texts it has built. */
const INSERT_ROWS: Record<DialectName, InsertRows> = {
  sqlite: multiRowInsert('sqlite'),
  postgres: multiRowInsert('postgres'),
};

/** The stored ids of these (user, client_order_id) pairs, keyed `user_id:client_order_id`: one statement for many. */
export const findOrderIds = ({ db }: OrdersStore, keys: OrderKey[]) => orderIdsOf(db, keys);

/**
 * The group commit's write: stores several orders in ONE transaction (one durable sync for the
 * batch). Answers each draft's order id; a draft whose (user, client_order_id) already exists
 * gets the existing order's id and writes nothing. Each new order takes the next position among
 * its customer's orders, and the customer's count grows with it, in the same transaction.
 *
 * Nearly every draft is a new order (placement looks a retry up only when it would refuse
 * it), so the batch is first written as if all its orders were new; only when one turns out
 * to be stored already (a retry of a stored order, or a twin that committed meanwhile) is
 * it written again, looking the stored ones up first. On PostgreSQL the usual batch (no
 * slot, no discount code to claim) is one statement (decision 057); the others are six round
 * trips.
 */
export async function insertOrders(
  { db, dialect }: OrdersStore,
  drafts: OrderDraft[],
  at: string,
): Promise<WrittenOrder[]> {
  const insertRows = INSERT_ROWS[dialect];
  if (dialect === 'postgres' && drafts.every(claimsNothing)) {
    const fresh = freshDrafts(drafts, new Map());
    const written = await writeInOneStatement(db, [...fresh.values()], at);
    if (written) return answersOf(drafts, new Map(), nothingRefused(), keyed(written));
    return writeOrders({ db, dialect }, insertRows, drafts, at, true);
  }
  try {
    return await writeOrders({ db, dialect }, insertRows, drafts, at, false);
  } catch (error) {
    if (!(error instanceof StoredMeanwhile)) throw error;
    return writeOrders({ db, dialect }, insertRows, drafts, at, true);
  }
}

/** insertOrders' answers, each with the time its order was stored with: the group commit's `Written`. */
export async function insertWritten(
  store: OrdersStore,
  drafts: OrderDraft[],
  at: string,
): Promise<Written[]> {
  return (await insertOrders(store, drafts, at)).map((order) => ({ ...order, at }));
}

/** One group-commit batch in one transaction; `lookFirst` reads which are stored already. */
function writeOrders(
  { db, dialect }: { db: Kysely<Database>; dialect: DialectName },
  insertRows: InsertRows,
  drafts: OrderDraft[],
  at: string,
  lookFirst: boolean,
) {
  return db.transaction().execute(async (trx) => {
    // A handful of statements per batch, whatever its size: a round trip per row would cost
    // PostgreSQL more than the commit itself.
    const stored = lookFirst ? await orderIdsOf(trx, drafts) : new Map<string, number>();
    const fresh = freshDrafts(drafts, stored);
    // Scheduled orders take their place in their slot first; one whose slot is full is not
    // written (the others of the batch are) and is answered `full`.
    const full = await claimSlots(trx, fresh);
    // Then the per-customer limits of their promotions: one that would go past a limit (another
    // order of the customer took it meanwhile) is not written, and gives back its slot.
    const usedUp = await claimPromotionLimits(trx, dialect, fresh);
    // Then their discount codes: one taken meanwhile refuses its order alone, and gives back
    // the slot that order had just claimed.
    const couponRefused = await claimCoupons(trx, fresh, at);
    const nextSeq = await claimPositions(trx, insertRows, fresh);
    const inserted = await insertOrderRows(trx, insertRows, fresh, nextSeq, at);
    // An order already stored (by its twin, since the look-up, possibly on another node): the
    // counts above would be one too many. Undo everything and write the batch again.
    if (inserted.size !== fresh.size) throw new StoredMeanwhile();
    await insertLines(trx, insertRows, fresh, inserted);
    await insertFirstSteps(trx, insertRows, fresh, inserted, at);
    return answersOf(drafts, stored, { full, couponRefused, usedUp }, inserted);
  });
}

/** A draft that takes no slot, no discount code and no promotion (whose limit it might claim): nothing to claim besides its position. */
const claimsNothing = (draft: OrderDraft) =>
  draft.scheduled_for === null && draft.coupon_code_id === null && draft.promotions === '[]';

const nothingRefused = (): Refused => ({
  full: new Set<string>(),
  couponRefused: new Map<string, CouponRefusal>(),
  usedUp: new Set<string>(),
});

/** What the write refused, by key: a full slot, a code taken, a promotion's limit reached. */
interface Refused {
  full: Set<string>;
  couponRefused: Map<string, CouponRefusal>;
  usedUp: Set<string>;
}

/** Written rows by key. */
const keyed = (rows: (OrderKey & { id: number })[]) =>
  new Map(rows.map((row) => [orderKey(row), row.id]));

/** The batch's drafts not stored yet, each (user, client_order_id) once, by key. */
function freshDrafts(drafts: OrderDraft[], stored: Map<string, number>) {
  const fresh = new Map<string, OrderDraft>();
  for (const draft of drafts)
    if (!stored.has(orderKey(draft)) && !fresh.has(orderKey(draft)))
      fresh.set(orderKey(draft), draft);
  return fresh;
}

/**
 * Positions: the counter rows are locked (PostgreSQL) in user order, so two nodes' batches
 * cannot deadlock, and a customer's positions follow their orders' ids. Answers each customer's
 * next position.
 */
async function claimPositions(
  trx: DbExecutor,
  insertRows: InsertRows,
  fresh: Map<string, OrderDraft>,
) {
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
    for (const row of counts) nextSeq.set(row.user_id, row.orders - perUser.get(row.user_id)! + 1);
  }
  return nextSeq;
}

/** The orders' rows; answers the id of each one written, by key (a twin's is not). */
async function insertOrderRows(
  trx: DbExecutor,
  insertRows: InsertRows,
  fresh: Map<string, OrderDraft>,
  nextSeq: Map<number, number>,
  at: string,
) {
  const inserted = new Map<string, number>();
  for (const chunk of chunks([...fresh.values()], ROWS_PER_STATEMENT)) {
    const values: unknown[] = [];
    for (const order of chunk) {
      const user_seq = nextSeq.get(order.user_id)!;
      nextSeq.set(order.user_id, user_seq + 1);
      // Straight into the values, without a spread copy of each draft (the writer's costliest line).
      for (const column of orderDraftColumns) values.push(order[column]);
      values.push(user_seq, at, at);
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
  return inserted;
}

async function insertLines(
  trx: DbExecutor,
  insertRows: InsertRows,
  fresh: Map<string, OrderDraft>,
  inserted: Map<string, number>,
) {
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
}

/** Each new order's first history row: its first status (received, or awaiting its payment), at the batch's time. */
async function insertFirstSteps(
  trx: DbExecutor,
  insertRows: InsertRows,
  fresh: Map<string, OrderDraft>,
  inserted: Map<string, number>,
  at: string,
) {
  for (const chunk of chunks([...inserted], ROWS_PER_STATEMENT)) {
    await insertRows(
      trx,
      'order_status_history',
      ['order_id', 'status', 'at'],
      chunk.flatMap(([key, order_id]) => [order_id, fresh.get(key)!.status, at]),
    );
  }
}

/** Each draft's answer, in the batch's order: created once per key, its slot full, or stored before. */
function answersOf(
  drafts: OrderDraft[],
  stored: Map<string, number>,
  { full, couponRefused, usedUp }: Refused,
  inserted: Map<string, number>,
) {
  const answered = new Set<string>();
  return drafts.map((draft): WrittenOrder => {
    const key = orderKey(draft);
    const id = inserted.get(key);
    if (id !== undefined && !answered.has(key)) {
      answered.add(key);
      return { id, created: true };
    }
    if (id === undefined && full.has(key)) return { id: 0, created: false, full: true };
    if (id === undefined && usedUp.has(key))
      return { id: 0, created: false, promotionUsedUp: true };
    const coupon = id === undefined ? couponRefused.get(key) : undefined;
    if (coupon) return { id: 0, created: false, coupon };
    return { id: (id ?? stored.get(key))!, created: false };
  });
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
