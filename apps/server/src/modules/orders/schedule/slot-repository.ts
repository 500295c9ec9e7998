import { sql } from 'kysely';
import type { DbExecutor } from '../../../db/types';

/** Far above any capacity an admin may set (500): what "no limit" compares against. */
const UNLIMITED = 1_000_000_000;

/** A scheduled order's claim on its slot. */
export interface SlotClaim {
  branch_id: number;
  /** The slot's start as ISO text: the counter row's key. */
  slot: string;
  units: number;
}

/**
 * Takes one place (and `units` units) in a slot, inside the placement's transaction; false when
 * the slot is full by the branch's capacity as the transaction reads it. The row is created
 * first (a no-op when it exists), then raised by one conditional UPDATE: on PostgreSQL the second
 * of two racing transactions waits for the first's row lock and re-checks the condition against
 * the row the first committed; on SQLite the one writer serialises them. Either way the last
 * place is taken once, whichever node the orders came through (decision 037).
 */
export async function claimSlot(trx: DbExecutor, claim: SlotClaim): Promise<boolean> {
  await trx
    .insertInto('branch_slot_counts')
    .values({ branch_id: claim.branch_id, slot_start: claim.slot, orders: 0, units: 0 })
    .onConflict((oc) => oc.columns(['branch_id', 'slot_start']).doNothing())
    .execute();
  const capacity = (column: 'orders_per_slot' | 'units_per_slot') =>
    sql<number>`coalesce((select ${sql.ref(column)} from branches where id = ${claim.branch_id}), ${UNLIMITED})`;
  const result = await trx
    .updateTable('branch_slot_counts')
    .set((eb) => ({
      orders: eb('orders', '+', 1),
      units: eb('units', '+', claim.units),
    }))
    .where('branch_id', '=', claim.branch_id)
    .where('slot_start', '=', claim.slot)
    .where((eb) =>
      eb.and([
        eb(eb('orders', '+', 1), '<=', capacity('orders_per_slot')),
        eb(eb('units', '+', claim.units), '<=', capacity('units_per_slot')),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a cancelled or rejected scheduled order's place back to its slot. */
export async function releaseSlot(trx: DbExecutor, claim: SlotClaim): Promise<void> {
  await trx
    .updateTable('branch_slot_counts')
    .set((eb) => ({ orders: eb('orders', '-', 1), units: eb('units', '-', claim.units) }))
    .where('branch_id', '=', claim.branch_id)
    .where('slot_start', '=', claim.slot)
    .where('orders', '>', 0)
    .execute();
}

/** What each slot of a branch in [from, to) has taken: slot start (ISO) → orders and units. */
export async function slotCounts(
  db: DbExecutor,
  branchId: number,
  from: string,
  to: string,
): Promise<Map<string, { orders: number; units: number }>> {
  const rows = await db
    .selectFrom('branch_slot_counts')
    .select(['slot_start', 'orders', 'units'])
    .where('branch_id', '=', branchId)
    .where('slot_start', '>=', from)
    .where('slot_start', '<', to)
    .execute();
  return new Map(rows.map((r) => [r.slot_start, { orders: r.orders, units: r.units }]));
}
