import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { flag, timestampType, withId, type AnyDb, type Migration } from './helpers';

type Timestamp = ReturnType<typeof timestampType>;

const OLD_ROLE_CHECK = "role in ('customer', 'staff', 'admin')";
const ROLE_CHECK = "role in ('customer', 'staff', 'courier', 'admin')";

/**
 * A branch's own couriers (decision 068):
 * - `users.role` admits `courier`; couriers work at branches as staff do (`staff_branches`).
 * - `courier_shifts`: clocked in and out from the courier's phone, closed by the branch with the
 *   cash handed in.
 * - `trips`: one or more delivery orders handed to one courier (`trip_orders`, in delivery
 *   order, each with how it ended); the courier's last position while the trip runs, deleted a
 *   while after it ends.
 * - on `orders`: the trip carrying it, why a courier brought it back, and the arrival estimate
 *   the courier's position moves.
 * - `places`: where a branch, a zone or a saved address is (the demo seeds them; deliveries
 *   teach them), what the live estimate measures distances between.
 * - on `branches`: dispatch orders still being prepared, and offer the longest-waiting courier.
 */
export function couriersMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await admitCourierRole(db, dialect);
      await db.schema
        .alterTable('branches')
        .addColumn('dispatch_from_preparing', 'integer', flag(0))
        .execute();
      await db.schema
        .alterTable('branches')
        .addColumn('auto_offer_courier', 'integer', flag(0))
        .execute();
      await createShifts(db, dialect, ts);
      await createTrips(db, dialect, ts);
      await db.schema
        .alterTable('orders')
        .addColumn('trip_id', 'integer', (c) => c.references('trips.id'))
        .execute();
      await db.schema.alterTable('orders').addColumn('delivery_failed', 'varchar(60)').execute();
      await db.schema.alterTable('orders').addColumn('arrival_from', ts).execute();
      await db.schema.alterTable('orders').addColumn('arrival_to', ts).execute();
      await db.schema
        .createTable('places')
        .addColumn('kind', 'varchar(10)', (c) =>
          c.notNull().check(sql`kind in ('branch', 'zone', 'address')`),
        )
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('samples', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('places_pk', ['kind', 'ref_id'])
        .execute();
    },
  };
}

async function createShifts(db: AnyDb, dialect: DialectName, ts: Timestamp) {
  await withId(db.schema.createTable('courier_shifts'), dialect)
    .addColumn('courier_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
    .addColumn('started_at', ts, (c) => c.notNull())
    .addColumn('ended_at', ts)
    .addColumn('closed_at', ts)
    .addColumn('closed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('cash_handed_in', 'integer')
    .addColumn('note', 'varchar(200)')
    .execute();
  // A branch's day of shifts; a courier's open shift.
  await db.schema
    .createIndex('courier_shifts_branch')
    .on('courier_shifts')
    .columns(['branch_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('courier_shifts_courier')
    .on('courier_shifts')
    .columns(['courier_id', 'ended_at'])
    .execute();
}

async function createTrips(db: AnyDb, dialect: DialectName, ts: Timestamp) {
  await withId(db.schema.createTable('trips'), dialect)
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
    .addColumn('courier_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('courier_shifts.id'))
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('assigned', 'out', 'done')`),
    )
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('departed_at', ts)
    .addColumn('finished_at', ts)
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('position_at', ts)
    .execute();
  await db.schema
    .createIndex('trips_courier')
    .on('trips')
    .columns(['courier_id', 'status'])
    .execute();
  await db.schema
    .createIndex('trips_branch')
    .on('trips')
    .columns(['branch_id', 'status'])
    .execute();
  // The position sweep: finished trips that still hold one.
  await db.schema.createIndex('trips_finished').on('trips').column('finished_at').execute();
  await db.schema
    .createTable('trip_orders')
    .addColumn('trip_id', 'integer', (c) => c.notNull().references('trips.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(10)', (c) => c.check(sql`outcome in ('delivered', 'failed')`))
    .addColumn('fail_reason', 'varchar(60)')
    .addColumn('ended_at', ts)
    .addPrimaryKeyConstraint('trip_orders_pk', ['trip_id', 'order_id'])
    .execute();
  await db.schema.createIndex('trip_orders_order').on('trip_orders').column('order_id').execute();
}

/**
 * `users.role`'s check admits `courier`. PostgreSQL replaces the named constraint; SQLite cannot
 * change a check, so `users` is rebuilt the way SQLite documents, from its own stored definition
 * with only the check's text changed (every column and index kept, whatever migrations added
 * since 004). Foreign keys are off around the migrations' transaction (migrate.ts).
 */
async function admitCourierRole(db: AnyDb, dialect: DialectName) {
  if (dialect === 'postgres') {
    await db.schema.alterTable('users').dropConstraint('users_role').execute();
    await db.schema
      .alterTable('users')
      .addCheckConstraint('users_role', sql.raw(ROLE_CHECK))
      .execute();
    return;
  }
  const { rows: keys } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (keys[0]?.foreign_keys !== 0)
    throw new Error(
      'Migration 028 needs foreign keys off on SQLite: run it through migrateToLatest.',
    );
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'users'
  `.execute(db);
  const table = rows.find((row) => row.type === 'table')?.sql ?? '';
  if (!table.includes(OLD_ROLE_CHECK))
    throw new Error('Migration 028: users has no role check to widen.');
  const created = table
    .replace(OLD_ROLE_CHECK, ROLE_CHECK)
    .replace(/^CREATE TABLE\s+"?users"?/i, 'CREATE TABLE "users_new"');
  await sql.raw(created).execute(db);
  await sql`insert into users_new select * from users`.execute(db);
  await sql`drop table users`.execute(db);
  await sql`alter table users_new rename to users`.execute(db);
  for (const index of rows.filter((row) => row.type === 'index' && row.sql))
    await sql.raw(index.sql!).execute(db);
  const broken = await sql`pragma foreign_key_check`.execute(db);
  if (broken.rows.length > 0) throw new Error('Migration 028 left rows pointing at missing users.');
}
