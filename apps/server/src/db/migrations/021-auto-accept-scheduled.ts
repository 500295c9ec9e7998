import { flag, type AnyDb, type Migration } from './helpers';

/**
 * A branch may accept its scheduled orders by itself (product.md «Order ahead»): such an order is
 * accepted when placed, promised for its slot, and reaches En preparación at its fire time
 * without anyone answering it. Off by default: a branch chooses it in Controles.
 */
export function autoAcceptScheduledMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('branches')
        .addColumn('auto_accept_scheduled', 'integer', flag(0))
        .execute();
    },
  };
}
