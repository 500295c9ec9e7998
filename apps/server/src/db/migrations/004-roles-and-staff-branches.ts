import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { timestampType, withId, type AnyDb, type Migration } from './helpers';

const ROLE_CHECK = sql`role in ('customer', 'staff', 'admin')`;

/**
 * Roles and where staff work (decision 009): `admin` joins `customer` and `staff`, checked by the
 * schema; a staff member works at one or more branches, rows of `staff_branches`. What
 * `users.branch_id` meant moves there (null meant every branch: a row per branch), and the
 * column goes, so nothing can read the old meaning by mistake.
 */
export function rolesAndStaffBranchesMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('staff_branches')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('staff_branches_pk', ['user_id', 'branch_id'])
        .execute();
      // The primary key serves "where does this person work"; this serves "who works here".
      await db.schema
        .createIndex('staff_branches_branch')
        .on('staff_branches')
        .column('branch_id')
        .execute();

      await sql`
        insert into staff_branches (user_id, branch_id)
        select u.id, b.id from users u inner join branches b on u.branch_id is null or u.branch_id = b.id
        where u.role = 'staff'
      `.execute(db);

      if (dialect === 'postgres') {
        await db.schema.alterTable('users').dropColumn('branch_id').execute();
        await db.schema.alterTable('users').addCheckConstraint('users_role', ROLE_CHECK).execute();
      } else {
        await rebuildSqliteUsers(db);
      }
    },
  };
}

/**
 * SQLite can neither drop a column that holds a foreign key nor add a check to a table, so
 * `users` is rebuilt the way SQLite documents (create, copy, drop, rename) into the same shape
 * PostgreSQL now has. Foreign keys must be off while the old table is dropped, or the drop would
 * cascade into sessions, favourites and addresses; SQLite ignores that pragma inside a
 * transaction, so the migration runner turns them off before its transaction (migrate.ts) and
 * this refuses to run if they are on. The check at the end runs inside the migrations'
 * transaction, so a broken reference rolls everything back.
 */
async function rebuildSqliteUsers(db: AnyDb) {
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (rows[0]?.foreign_keys !== 0) {
    throw new Error(
      'Migration 004 needs foreign keys off on SQLite: run it through migrateToLatest.',
    );
  }
  await withId(db.schema.createTable('users_new'), 'sqlite')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('phone', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('customer').check(ROLE_CHECK))
    .addColumn('created_at', timestampType('sqlite'), (c) => c.notNull())
    .execute();
  await sql`
    insert into users_new (id, name, email, phone, password_hash, role, created_at)
    select id, name, email, phone, password_hash, role, created_at from users
  `.execute(db);
  await db.schema.dropTable('users').execute();
  await db.schema.alterTable('users_new').renameTo('users').execute();
  const broken = await sql`pragma foreign_key_check`.execute(db);
  if (broken.rows.length > 0) throw new Error('Migration 004 left rows pointing at missing users.');
}
