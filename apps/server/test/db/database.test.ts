import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/db/dialect';
import { migrateToLatest } from '../../src/db/migrate';
import { seedDemoChain } from '../../src/db/seed/seed';
import { demoChain } from '../../src/db/seed/demo-chain';
import { verifyPassword } from '../../src/lib/passwords';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { openDatabase } from '../../src/db/open';
import { createEmptyDatabase, testDialect, type TestDatabase } from '../helpers/database';
import { adminQuery } from '../helpers/server-process';

let opened: { handle: Awaited<ReturnType<typeof openDatabase>>; target: TestDatabase };

// The server's own first start on an empty database (a schema of its own on PostgreSQL, beside
// others), not a copy of the suite's seeded template: the start is what these tests are about.
beforeAll(async () => {
  const target = await createEmptyDatabase();
  const handle = await openDatabase({
    url: target.url,
    seedDemo: true,
    ...(target.schema ? { schema: target.schema } : {}),
  });
  opened = { handle, target };
});
afterAll(async () => {
  await opened.handle.db.destroy();
  await opened.target.drop();
});

describe(`database on ${testDialect}`, () => {
  it('runs on the dialect this suite was asked for', () => {
    expect(opened.handle.dialect).toBe(testDialect);
  });

  it('migrates idempotently: a second run applies nothing', async () => {
    const again = await migrateToLatest(opened.handle);
    expect(again.results).toEqual([]);
  });

  it('seeds the demo chain once, and never into a database that has data', async () => {
    expect(opened.handle.seeded).toBe(true);
    expect(await seedDemoChain(opened.handle)).toBe(false);
    const { db } = opened.handle;
    const count = async (table: 'branches' | 'categories' | 'products' | 'coupons') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('branches')).toBe(demoChain.branches.length);
    expect(await count('categories')).toBe(demoChain.categories.length);
    expect(await count('products')).toBe(
      demoChain.categories.reduce((n, c) => n + c.products.length, 0),
    );
    expect(await count('coupons')).toBe(demoChain.branches.length);
  });

  it('meets the demo chain minimums of product.md «Demo chain»', () => {
    expect(demoChain.branches.length).toBeGreaterThanOrEqual(4);
    expect(demoChain.categories.length).toBeGreaterThanOrEqual(6);
    for (const category of demoChain.categories)
      expect(category.products.length).toBeGreaterThanOrEqual(5);
    const products = demoChain.categories.flatMap((c) => c.products);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(products.some((p) => p.groups?.some((g) => g.required && g.type_input === 1))).toBe(
      true,
    );
    expect(products.some((p) => p.groups?.some((g) => !g.required && g.type_input === 2))).toBe(
      true,
    );
    expect(products.some((p) => (p.soldOutAt ?? []).length > 0)).toBe(true);
    // The pricing rule adds priced sizes (required single choices); the demo prices at most one per product.
    for (const product of products) {
      const priced = (product.groups ?? []).filter(
        (g) => g.required && g.type_input === 1 && g.options.some((o) => o.price > 0),
      );
      expect(priced.length, product.slug).toBeLessThanOrEqual(1);
    }
  });

  it('stores the demo accounts with argon2id password hashes, never the password', async () => {
    const user = await opened.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'cliente@comanda.test')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(DEMO_PASSWORD);
    expect(await verifyPassword(user.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(user.password_hash, 'otra-clave')).toBe(false);
    expect(Number.isNaN(Date.parse(String(user.created_at)))).toBe(false);
  });

  it('refuses a negative price and a duplicate slug', async () => {
    const { db } = opened.handle;
    const category = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const product = {
      category_id: category.id,
      slug: 'precio-negativo',
      title: 'x',
      description: 'x',
      description_eco: 'x',
      image: '/images/x.webp',
      price: -1,
      position: 0,
    };
    await expect(db.insertInto('products').values(product).execute()).rejects.toThrow();
    const taken = demoChain.categories[0]!.products[0]!.slug;
    await expect(
      db
        .insertInto('products')
        .values({ ...product, slug: taken, price: 1 })
        .execute(),
    ).rejects.toThrow();
  });
});

// Pragmas exist only on SQLite; the PostgreSQL run has nothing to check here.
if (testDialect === 'sqlite')
  describe('SQLite durability settings', () => {
    it('uses WAL and synchronous=FULL so a committed order survives power loss', async () => {
      const handle = connect({ url: opened.target.url });
      try {
        const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
        const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(
          handle.db,
        );
        expect(journal.rows[0]?.journal_mode).toBe('wal');
        expect(synchronous.rows[0]?.synchronous).toBe(2);
      } finally {
        await handle.db.destroy();
      }
    });
  });

// Other deployments (and other test files) keep schemas of their own in the same database.
if (testDialect === 'postgres')
  describe('PostgreSQL introspection', () => {
    it('reads the current schema only, so a schema dropped by anyone else cannot fail a migration', async () => {
      const other = `o_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await adminQuery(`create schema ${other}`);
      try {
        await adminQuery(`create table ${other}.orders (id integer primary key)`);
        await adminQuery(`create table ${other}.kysely_migration (name text)`);
        const tables = await opened.handle.db.introspection.getTables({
          withInternalKyselyTables: true,
        });
        expect(new Set(tables.map((table) => table.schema))).toEqual(
          new Set([opened.target.schema]),
        );
        expect(tables.map((table) => table.name)).toEqual(
          expect.arrayContaining(['orders', 'kysely_migration']),
        );
        const orders = tables.find((table) => table.name === 'orders');
        expect(orders?.columns.find((column) => column.name === 'id')).toMatchObject({
          isAutoIncrementing: true,
          isNullable: false,
        });
        // Without the Migrator's own tables when not asked for.
        const mine = await opened.handle.db.introspection.getTables();
        expect(mine.map((table) => table.name)).not.toContain('kysely_migration');
      } finally {
        await adminQuery(`drop schema if exists ${other} cascade`);
      }
    });
  });
