import type { DialectName } from '../dialect';
import { timestampType, withId, type AnyDb, type Migration } from './helpers';

/**
 * The branch marketing forms: discount-coupon signups and courtesy reservations,
 * stored per branch with a timestamp so the staff side can list them.
 */
export function marketingMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('discount_signups'), dialect)
        .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('phone', 'varchar(10)', (c) => c.notNull())
        // Stored lower-cased, so the unique pair below catches Ana@x.co and ana@x.co.
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('address', 'varchar(200)', (c) => c.notNull())
        // The survey answer, "Como nos conociste?": a parameters row of the survey segment.
        .addColumn('source_id', 'integer', (c) => c.notNull().references('parameters.id'))
        .addColumn('created_at', ts, (c) => c.notNull())
        // One coupon per email and branch, even when two requests race.
        .addUniqueConstraint('discount_signups_branch_email', ['branch_id', 'email'])
        .execute();

      await withId(db.schema.createTable('courtesy_reservations'), dialect)
        .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('phone', 'varchar(10)', (c) => c.notNull())
        // A calendar day, YYYY-MM-DD, as text in both dialects: no time zone can shift it
        // (a PostgreSQL `date` would come back as a JavaScript Date at local midnight).
        .addColumn('date_reservation', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addUniqueConstraint('courtesy_reservations_branch_phone_date', [
          'branch_id',
          'phone',
          'date_reservation',
        ])
        .execute();
      await db.schema
        .createIndex('courtesy_reservations_branch_date')
        .on('courtesy_reservations')
        .columns(['branch_id', 'date_reservation'])
        .execute();
    },
  };
}
