import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { timestampType, type AnyDb, type Migration } from './helpers';

/**
 * What a customer needs to see and end their sessions, and what an administrator needs to end
 * an account: when each session was last used and on what (a short label such as "Chrome en
 * Android", never the raw User-Agent), and when a user was deactivated (null: active).
 */
export function sessionsMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      // Nullable because SQLite cannot add a NOT NULL column without a constant default; every
      // write fills it, and the sessions that already exist start from their creation time.
      await db.schema.alterTable('sessions').addColumn('last_used_at', ts).execute();
      await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(60)').execute();
      await sql`update sessions set last_used_at = created_at`.execute(db);
      await db.schema.alterTable('users').addColumn('deactivated_at', ts).execute();
    },
  };
}
