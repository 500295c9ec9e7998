import type { AnyDb, Migration } from './helpers';

/**
 * What a branch accepts by itself beyond its scheduled orders (product.md «Auto-accept»):
 * `branches.auto_accept`, the rules as JSON text (`asap`, `paid_online_only`, `max_total`,
 * `windows`); null: none, as every branch had before. Scheduled orders keep their switch,
 * `auto_accept_scheduled` (migration 021), which the rules' `scheduled` reads and writes.
 */
export function autoAcceptMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('branches').addColumn('auto_accept', 'varchar(2000)').execute();
    },
  };
}
