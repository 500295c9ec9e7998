import { timestampType, withId, type AnyDb, type Migration } from './helpers';
import type { DialectName } from '../dialect';

/**
 * The back office's change log: one row per change made in the console, written in the same
 * transaction as the change, so a change and its record stand or fall together. Nothing updates
 * or deletes these rows; the user's email is copied so a row still says who after the account
 * is gone.
 */
export function auditLogMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('audit_log'), dialect)
        .addColumn('at', timestampType(dialect), (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('user_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('action', 'varchar(40)', (c) => c.notNull())
        .addColumn('entity', 'varchar(40)', (c) => c.notNull())
        .addColumn('entity_id', 'varchar(60)')
        .addColumn('branch_id', 'integer')
        .addColumn('summary', 'varchar(300)', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      // Newest first, overall and per kind of thing changed.
      await db.schema
        .createIndex('audit_log_entity')
        .on('audit_log')
        .columns(['entity', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_user')
        .on('audit_log')
        .columns(['user_id', 'id'])
        .execute();
    },
  };
}
