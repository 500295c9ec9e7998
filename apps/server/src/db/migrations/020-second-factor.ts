import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { flag, timestampType, withId, type AnyDb, type Migration } from './helpers';

/**
 * A second factor (TOTP, RFC 6238) for the people who run the chain (decision 044):
 * - on `users`: the confirmed secret, the one being enrolled (until its first code is checked),
 *   when it was turned on, and the last time step a code was accepted in (no replay);
 * - on `sessions`: when this session passed the second factor (null: password only);
 * - `recovery_codes`: the hashes of an account's one-time recovery codes;
 * - `login_challenges`: the hash of the short-lived token a password login answers with when
 *   the account asks for a code, single use;
 * - `chain_settings`: one row, who must have the factor. Admins must by default.
 */
export function secondFactorMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(64)').execute();
      await db.schema.alterTable('users').addColumn('totp_pending_secret', 'varchar(64)').execute();
      await db.schema.alterTable('users').addColumn('totp_enabled_at', ts).execute();
      await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
      await db.schema.alterTable('sessions').addColumn('second_factor_at', ts).execute();

      await withId(db.schema.createTable('recovery_codes'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('used_at', ts)
        .execute();
      await db.schema
        .createIndex('recovery_codes_user')
        .on('recovery_codes')
        .columns(['user_id', 'code_hash'])
        .execute();

      await withId(db.schema.createTable('login_challenges'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('used_at', ts)
        .execute();

      await db.schema
        .createTable('chain_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('second_factor_admins', 'integer', flag(1))
        .addColumn('second_factor_staff', 'integer', flag(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.insertInto('chain_settings').values({ id: 1 }).execute();
    },
  };
}
