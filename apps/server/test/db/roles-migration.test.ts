import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../src/db/dialect';
import { migrateToLatest } from '../../src/db/migrate';
import { catalogMigration } from '../../src/db/migrations/001-catalog';
import { accountsAndOrdersMigration } from '../../src/db/migrations/002-accounts-and-orders';
import { marketingMigration } from '../../src/db/migrations/003-marketing';
import type { AnyDb } from '../../src/db/migrations/helpers';
import { createEmptyDatabase, testDialect, type TestDatabase } from '../helpers/database';

let target: TestDatabase;
let handle: DatabaseHandle;
const ids = { branches: [] as number[], customer: 0, everywhere: 0, oneBranch: 0 };

/** A database as the last release left it (migrations 001–003), holding staff the old way. */
beforeAll(async () => {
  target = await createEmptyDatabase();
  handle = connect({ url: target.url, ...(target.schema ? { schema: target.schema } : {}) });
  const released = {
    '001-catalog': catalogMigration(handle.dialect),
    '002-accounts-and-orders': accountsAndOrdersMigration(handle.dialect),
    '003-marketing': marketingMigration(handle.dialect),
  };
  // Named like migrateToLatest does: without it, Kysely takes another test file's schema's
  // kysely_migration_lock for this one's and never creates it here.
  const result = await new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => released },
    ...(target.schema ? { migrationTableSchema: target.schema } : {}),
  }).migrateToLatest();
  if (result.error) throw result.error;

  const db = handle.db as AnyDb;
  for (const slug of ['uno', 'dos', 'tres']) {
    const row = await db
      .insertInto('branches')
      .values({
        slug,
        title: slug,
        address: 'x',
        phone: '3000000000',
        city: 'Bogotá',
        delivery_available: 1,
        position: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.branches.push(row.id);
  }
  const user = async (email: string, role: string, branchId: number | null) =>
    (
      await db
        .insertInto('users')
        .values({
          name: email,
          email,
          phone: String(3_100_000_000 + ids.branches.length + email.length),
          password_hash: 'x',
          role,
          branch_id: branchId,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  ids.customer = await user('c@x.co', 'customer', null);
  ids.everywhere = await user('everywhere@x.co', 'staff', null);
  ids.oneBranch = await user('one@x.co', 'staff', ids.branches[1]!);
  const at = new Date().toISOString();
  await db
    .insertInto('sessions')
    .values({ user_id: ids.customer, token_hash: 'a'.repeat(64), created_at: at, expires_at: at })
    .execute();
  await db
    .insertInto('addresses')
    .values({
      user_id: ids.customer,
      label: 'Casa',
      address: 'Cl. 1',
      neighbourhood: 'Centro',
      city: 'Bogotá',
      created_at: at,
    })
    .execute();

  await migrateToLatest(handle);
});
afterAll(async () => {
  await handle.db.destroy();
  await target.drop();
});

describe(`migration 004 on ${testDialect}`, () => {
  it('gives staff with no branch a row for every branch, and one-branch staff their branch', async () => {
    const rows = await handle.db
      .selectFrom('staff_branches')
      .select(['user_id', 'branch_id'])
      .orderBy('user_id')
      .orderBy('branch_id')
      .execute();
    expect(rows).toEqual([
      ...ids.branches.map((branch_id) => ({ user_id: ids.everywhere, branch_id })),
      { user_id: ids.oneBranch, branch_id: ids.branches[1] },
    ]);
  });

  it('drops users.branch_id and keeps every user, session and address', async () => {
    const users = await handle.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((u) => u.id)).toEqual([ids.customer, ids.everywhere, ids.oneBranch]);
    expect(Object.keys(users[0]!)).not.toContain('branch_id');
    expect(await handle.db.selectFrom('sessions').select('user_id').execute()).toEqual([
      { user_id: ids.customer },
    ]);
    expect(await handle.db.selectFrom('addresses').select('user_id').execute()).toEqual([
      { user_id: ids.customer },
    ]);
  });

  it('accepts the admin role and refuses any other unknown one', async () => {
    const values = (email: string, role: string) => ({
      name: email,
      email,
      phone: String(3_200_000_000 + email.length),
      password_hash: 'x',
      role: role as 'admin',
      created_at: new Date().toISOString(),
    });
    await expect(
      handle.db.insertInto('users').values(values('jefe@x.co', 'admin')).execute(),
    ).resolves.toBeDefined();
    await expect(
      handle.db.insertInto('users').values(values('dueno@x.co', 'owner')).execute(),
    ).rejects.toThrow();
  });

  it('still enforces the foreign keys that point at users', async () => {
    const at = new Date().toISOString();
    await expect(
      handle.db
        .insertInto('sessions')
        .values({ user_id: 999_999, token_hash: 'b'.repeat(64), created_at: at, expires_at: at })
        .execute(),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insertInto('staff_branches')
        .values({ user_id: 999_999, branch_id: ids.branches[0]! })
        .execute(),
    ).rejects.toThrow();
    // Deleting a user takes their sessions and branch rows along, as before the rebuild.
    await handle.db.deleteFrom('sessions').execute();
    await handle.db.deleteFrom('addresses').execute();
    await handle.db.deleteFrom('users').where('id', '=', ids.oneBranch).execute();
    expect(
      await handle.db
        .selectFrom('staff_branches')
        .select('user_id')
        .where('user_id', '=', ids.oneBranch)
        .execute(),
    ).toEqual([]);
  });

  if (testDialect === 'sqlite') {
    it('leaves SQLite foreign keys on', async () => {
      const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(handle.db);
      expect(rows[0]?.foreign_keys).toBe(1);
    });
  }
});
