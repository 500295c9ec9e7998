import type { AnyDb, Migration } from './helpers';

/**
 * The branch console's actions enter the change log. An order's status history keeps who moved
 * it (`actor_id`: null for a step no person took, the order placed by its customer, a seed); the
 * account may one day be removed, and the step stays with no one named. The log gets an index by
 * branch, newest first, for the Historial's «Sede» filter: with every order step in it, the log
 * is no longer small enough to read from the start.
 */
export function staffActionsAuditedMigration(): Migration {
  return {
    async up(db: AnyDb) {
      // A nullable column with no default: an ALTER TABLE both databases do in place.
      await db.schema
        .alterTable('order_status_history')
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('audit_log_branch')
        .on('audit_log')
        .columns(['branch_id', 'id'])
        .execute();
    },
  };
}
