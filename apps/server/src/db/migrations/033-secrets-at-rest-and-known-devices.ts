import type { DialectName } from '../dialect';
import { timestampType, withId, type AnyDb, type Migration } from './helpers';

/**
 * Nothing live at rest, and nobody locked out by a stranger (decisions 075 and 076):
 * - `users.totp_secret` and `totp_pending_secret` wide enough for a sealed secret
 *   (`v1.<key id>.<base64url>`, about 90 characters; SQLite does not hold text to its declared
 *   length). Secrets stored before are sealed by the server at its next start: sealing needs
 *   the key, which only the server's configuration has.
 * - `outbox.secret`: the one secret a message carries (a reset link's token), sealed, put into
 *   the link only when the message is delivered and cleared once it is.
 * - `login_devices`: the browsers an account logged in on (the SHA-256 of a random device id the
 *   browser keeps in a cookie): a login from one of them is not slowed by other people's
 *   failed attempts at the account.
 */
export function secretsAtRestAndKnownDevicesMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        for (const column of ['totp_secret', 'totp_pending_secret'])
          await db.schema
            .alterTable('users')
            .alterColumn(column, (c) => c.setDataType('varchar(200)'))
            .execute();
      }
      await db.schema.alterTable('outbox').addColumn('secret', 'varchar(200)').execute();

      await withId(db.schema.createTable('login_devices'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_login_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_devices_user_device')
        .on('login_devices')
        .columns(['user_id', 'device_hash'])
        .unique()
        .execute();
    },
  };
}
