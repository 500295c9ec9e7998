import { NOT_STARTED_STATUSES, SCHEDULE_MESSAGES } from '@comanda/shared';
import type { DbExecutor, OrderStatus } from '../../../db/types';
import { releaseSlot } from '../schedule/slot-repository';
import type { OrdersStore } from '../types';

// The writes that move an order along: a staff member's status change, a customer's cancel.

/** What a promise is made of, read fresh when an order is accepted. */
export const branchTiming = ({ db }: OrdersStore, branchId: number) =>
  db
    .selectFrom('branches')
    .select(['prep_minutes', 'rush_minutes'])
    .where('id', '=', branchId)
    .executeTakeFirst();

/**
 * Moves an order from `from` along `steps` (the target last; one history row per step, in
 * order) with what the move records (the promise on accepting, the reason on rejecting) and
 * who took it; `also` runs in the same transaction once the move is made (the change log's
 * rows). False when it was no longer at `from` (someone else moved it), and then nothing is
 * written.
 */
export const moveStatus = (
  { db }: OrdersStore,
  orderId: number,
  from: OrderStatus,
  steps: readonly OrderStatus[],
  at: string,
  step: StepWrite & { also?: (trx: DbExecutor) => Promise<void> },
) =>
  db.transaction().execute(async (trx) => {
    if (!(await moveStatusWithin(trx, orderId, from, steps, at, step))) return false;
    await step.also?.(trx);
    return true;
  });

/** What a step writes on the order besides its status, and who took it. */
export interface StepWrite {
  recorded?: {
    accepted_at?: string;
    promised_at?: string;
    reject_reason?: string;
    /** A courier's steps (decision 068): the trip, why it came back, the arrival estimate. */
    trip_id?: number | null;
    delivery_failed?: string | null;
    arrival_from?: string | null;
    arrival_to?: string | null;
  };
  actorId: number | null;
}

/**
 * `moveStatus` inside a transaction the caller holds: a courier's trip moves several orders in
 * one. False (and nothing written) when the order was no longer at `from`.
 */
export async function moveStatusWithin(
  trx: DbExecutor,
  orderId: number,
  from: OrderStatus,
  steps: readonly OrderStatus[],
  at: string,
  step: StepWrite,
): Promise<boolean> {
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
  return true;
}

/**
 * The customer cancels their scheduled order: only while nobody has started it (received, or
 * accepted ahead) and its fire time is after `at`; its place in the slot is given back in the same transaction. False
 * when it is not theirs, not scheduled, already moved on or already fired.
 */
export const cancelScheduled = (
  { db }: OrdersStore,
  orderId: number,
  userId: number,
  at: string,
  also?: (trx: DbExecutor) => Promise<void>,
) =>
  db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({ status: 'cancelled', updated_at: at, reject_reason: SCHEDULE_MESSAGES.cancelled })
      .where('id', '=', orderId)
      .where('user_id', '=', userId)
      // Accepted too: a branch that accepts its scheduled orders by itself, or early.
      .where('status', 'in', NOT_STARTED_STATUSES)
      .where('scheduled_for', 'is not', null)
      .where('fire_at', '>', at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: 'cancelled', at, actor_id: null })
      .execute();
    await releaseSlotOf(trx, orderId);
    await also?.(trx);
    return true;
  });

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
