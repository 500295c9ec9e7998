import type { AnyDb, Migration } from './helpers';

/**
 * Whether a branch's own staff may change its slot capacity from the console (decision 090: a
 * short-handed kitchen takes fewer scheduled orders without calling head office): 1 when the
 * chain's back office allows it for that branch. An addition with a default of 0 (only the back
 * office, as before): the previous release neither reads nor writes it (decision 081).
 */
export function staffSlotCapacityMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('branches')
        .addColumn('staff_sets_capacity', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
