import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { flag, timestampType, type AnyDb, type Migration } from './helpers';

/**
 * The branch console. Orders keep what the branch answered (when it accepted, the ready time it
 * promised, why it rejected) and the delivery neighbourhood as it was; branches get their usual
 * preparation time, a pause (`paused_until`: an instant, or a far-future one for "until
 * reopened"), rush minutes and whether tickets print on accept. The board's and the day's
 * queries get indexes of their own.
 */
export function consoleMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema.alterTable('orders').addColumn('accepted_at', ts).execute();
      await db.schema.alterTable('orders').addColumn('promised_at', ts).execute();
      await db.schema.alterTable('orders').addColumn('reject_reason', 'varchar(200)').execute();
      await db.schema.alterTable('orders').addColumn('neighbourhood', 'varchar(80)').execute();

      await db.schema
        .alterTable('branches')
        .addColumn('prep_minutes', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(20)
            .check(sql`prep_minutes between 1 and 180`),
        )
        .execute();
      await db.schema.alterTable('branches').addColumn('paused_until', ts).execute();
      await db.schema
        .alterTable('branches')
        .addColumn('rush_minutes', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`rush_minutes between 0 and 120`),
        )
        .execute();
      await db.schema.alterTable('branches').addColumn('auto_print', 'integer', flag(0)).execute();

      // The board: a branch's orders in some statuses, oldest first.
      await db.schema.dropIndex('orders_branch_status').execute();
      await db.schema
        .createIndex('orders_branch_status_id')
        .on('orders')
        .columns(['branch_id', 'status', 'id'])
        .execute();
      // The day: a branch's orders placed between two instants.
      await db.schema
        .createIndex('orders_branch_created')
        .on('orders')
        .columns(['branch_id', 'created_at'])
        .execute();
    },
  };
}
