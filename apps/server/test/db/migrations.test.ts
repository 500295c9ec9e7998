import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../src/db/dialect';
import { migrateToLatest, migrationsFor } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open';
import type { Migration } from '../../src/db/migrations/helpers';
import { ORDERS_PER_SLOT_DEFAULT } from '../../src/db/migrations/018-order-ahead';
import { seedDemoChain } from '../../src/db/seed/seed';
import { systemClock } from '../../src/lib/clock';
import { createInsightsService } from '../../src/modules/insights/service';
import { createEmptyDatabase, type TestDatabase } from '../helpers/database';

const opened: { handle: DatabaseHandle; target: TestDatabase }[] = [];
afterAll(async () => {
  for (const { handle, target } of opened) {
    await handle.db.destroy();
    await target.drop();
  }
});

async function emptyDatabase() {
  const target = await createEmptyDatabase();
  const handle = connect({ url: target.url, ...(target.schema ? { schema: target.schema } : {}) });
  opened.push({ handle, target });
  return handle;
}

/** A later migration: creates a table, then fails if told to (a bug, a full disk, a crash). */
const laterMigration = (fail: boolean): Migration => ({
  async up(db) {
    await db.schema
      .createTable('later_table')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    if (fail) throw new Error('the migration failed halfway');
  },
});

/** Whether this database (on PostgreSQL, this schema) has the table. */
async function tableExists({ db }: DatabaseHandle, name: string) {
  try {
    await sql`select 1 from ${sql.table(name)} limit 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * A category with one product, written with the columns the menu had before 023 only: for a database
 * migrated to an earlier version than today's seed writes.
 */
async function insertMenuRow(
  { db }: DatabaseHandle,
  row: { category: string; product: string; price: number },
) {
  const slug = (title: string) => title.toLowerCase().replace(/\s+/g, '-');
  const { id } = await db
    .insertInto('categories')
    .values({ slug: slug(row.category), title: row.category, photo: '/c.webp', position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('products')
    .values({
      category_id: id,
      slug: slug(row.product),
      title: row.product,
      description: '',
      description_eco: '',
      image: '/p.webp',
      price: row.price,
      position: 0,
    })
    .execute();
}

describe('migrations', () => {
  it('leave nothing behind when one fails halfway, so the next start runs it whole', async () => {
    const handle = await emptyDatabase();
    const shipped = migrationsFor(handle.dialect);

    await expect(
      migrateToLatest(handle, { ...shipped, '900-later': laterMigration(true) }),
    ).rejects.toThrow('failed halfway');
    expect(await tableExists(handle, 'later_table')).toBe(false);

    await migrateToLatest(handle, { ...shipped, '900-later': laterMigration(false) });
    expect(await tableExists(handle, 'later_table')).toBe(true);
    expect(await tableExists(handle, 'orders')).toBe(true);
  });

  it('migrate a fresh database next to one that is already migrated (on PostgreSQL, another schema)', async () => {
    const first = await emptyDatabase();
    await migrateToLatest(first);
    const second = await emptyDatabase();
    const result = await migrateToLatest(second);
    expect(result.results?.map((r) => r.status)).toEqual(
      Object.keys(migrationsFor(second.dialect)).map(() => 'Success'),
    );
    expect(await second.db.selectFrom('branches').select('id').execute()).toEqual([]);
  });

  it('018 adds order ahead to a database of 017: its branches get the default capacity', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    const names = Object.keys(all);
    const upTo017 = Object.fromEntries(
      names.slice(0, names.indexOf('018-order-ahead')).map((n) => [n, all[n]!]),
    );
    await migrateToLatest(handle, upTo017);
    const { db } = handle;
    await sql`insert into branches (slug, title, address, phone, city, delivery_available, position) values ('b', 'B', 'Calle 1', '1', 'Bogotá', 1, 0)`.execute(
      db,
    );
    await migrateToLatest(handle);
    const branch = await db
      .selectFrom('branches')
      .select(['orders_per_slot', 'units_per_slot'])
      .executeTakeFirstOrThrow();
    expect(branch).toEqual({ orders_per_slot: ORDERS_PER_SLOT_DEFAULT, units_per_slot: null });
    expect(await tableExists(handle, 'branch_slot_counts')).toBe(true);
    const columns = await sql`select scheduled_for, fire_at from orders`.execute(db);
    expect(columns.rows).toEqual([]);
  });

  it('019 adds the outbox, reset tokens and coupon codes to a database migrated to 018, its coupons getting the default terms', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '019'));
    await migrateToLatest(handle, before);
    await handle.db
      .insertInto('branches')
      .values({
        id: 1,
        slug: 'centro',
        title: 'Centro',
        address: 'Calle 1',
        phone: '3000000000',
        city: 'Cali',
        delivery_available: 1,
        position: 1,
      })
      .execute();
    await handle.db
      .insertInto('coupons')
      .values({
        branch_id: 1,
        title: 'Cupón',
        description: '',
        main_image: '',
        confirmation_image: '',
      })
      .execute();

    await migrateToLatest(handle, all);
    expect(
      await handle.db
        .selectFrom('coupons')
        .select(['discount_percent', 'discount_amount', 'min_order', 'valid_days'])
        .execute(),
    ).toEqual([{ discount_percent: 10, discount_amount: 0, min_order: 0, valid_days: 30 }]);
    for (const table of ['outbox', 'password_reset_tokens', 'coupon_codes'])
      expect(await tableExists(handle, table)).toBe(true);
    // A negative discount is refused by the database itself.
    await expect(
      handle.db.updateTable('coupons').set({ discount_amount: -1 }).execute(),
    ).rejects.toThrow();
  });

  it('020 adds the second factor to a database of 019: its users have none, and admins must enrol one', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '020'));
    await migrateToLatest(handle, before);
    await handle.db
      .insertInto('users')
      .values({
        name: 'Jefa',
        email: 'jefa@x.co',
        phone: '3000000001',
        password_hash: 'x',
        role: 'admin',
        created_at: new Date().toISOString(),
      })
      .execute();

    await migrateToLatest(handle, all);
    expect(
      await handle.db
        .selectFrom('users')
        .select(['totp_secret', 'totp_pending_secret', 'totp_enabled_at', 'totp_last_step'])
        .execute(),
    ).toEqual([
      { totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null },
    ]);
    expect(
      await handle.db
        .selectFrom('chain_settings')
        .select(['id', 'second_factor_admins', 'second_factor_staff'])
        .execute(),
    ).toEqual([{ id: 1, second_factor_admins: 1, second_factor_staff: 0 }]);
    for (const table of ['recovery_codes', 'login_challenges'])
      expect(await tableExists(handle, table)).toBe(true);
    // One row of settings, never a second.
    await expect(
      handle.db.insertInto('chain_settings').values({ id: 2 }).execute(),
    ).rejects.toThrow();
  });

  it('023 adds dayparts to a database of 022: its categories and products are offered always', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '023'));
    await migrateToLatest(handle, before);
    await insertMenuRow(handle, { category: 'Desayunos', product: 'Calentado', price: 18000 });

    await migrateToLatest(handle, all);
    expect(await handle.db.selectFrom('categories').select('dayparts').execute()).toEqual([
      { dayparts: '[]' },
    ]);
    expect(await handle.db.selectFrom('products').select('dayparts').execute()).toEqual([
      { dayparts: '[]' },
    ]);
  });
  it('033 makes room for sealed TOTP secrets and outbox secrets, and adds the known devices, to a database migrated to the one before', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '033'));
    await migrateToLatest(handle, before);
    const clear = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const { id } = await handle.db
      .insertInto('users')
      .values({
        name: 'Jefa',
        email: 'jefa@x.co',
        phone: '3000000001',
        password_hash: 'x',
        role: 'admin',
        created_at: new Date().toISOString(),
        totp_secret: clear,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await migrateToLatest(handle, all);
    // What was there stays as it was (the server seals it at its next start, with its key).
    expect(await handle.db.selectFrom('users').select('totp_secret').execute()).toEqual([
      { totp_secret: clear },
    ]);
    const sealed = `v1.abcdefgh.${'x'.repeat(80)}`;
    await handle.db
      .updateTable('users')
      .set({ totp_secret: sealed, totp_pending_secret: sealed })
      .where('id', '=', id)
      .execute();
    const at = new Date().toISOString();
    await handle.db
      .insertInto('outbox')
      .values({
        kind: 'password-reset',
        to_address: 'jefa@x.co',
        subject: 'Restablece',
        text_body: 'token=…',
        html_body: 'token=…',
        next_attempt_at: at,
        created_at: at,
        secret: `v1.abcdefgh.${'y'.repeat(95)}`,
      })
      .execute();
    const device = { user_id: id, device_hash: 'a'.repeat(64), created_at: at, last_login_at: at };
    await handle.db.insertInto('login_devices').values(device).execute();
    // One row per account and browser.
    await expect(handle.db.insertInto('login_devices').values(device).execute()).rejects.toThrow();
  });

  it('036 adds promotions to a database of 035 with orders: none in force, and every order took none', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    await migrateToLatest(
      handle,
      Object.fromEntries(Object.entries(all).filter(([name]) => name < '036')),
    );
    expect(await seedDemoChain(handle)).toBe(true);
    await migrateToLatest(handle, all);
    expect(await handle.db.selectFrom('promotions').selectAll().execute()).toEqual([]);
    const taken = await handle.db.selectFrom('orders').select('promotions').distinct().execute();
    expect(taken).toEqual([{ promotions: '[]' }]);
  });

  it('039 and 040 add allergens, tags and ratings to a database of 038 with a menu: none of any', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    await migrateToLatest(
      handle,
      Object.fromEntries(Object.entries(all).filter(([name]) => name < '039')),
    );
    // The seed of today writes the new columns: the menu of that release is written by hand.
    await insertMenuRow(handle, { category: 'Pizzas', product: 'Pizza Vegetariana', price: 28900 });
    await migrateToLatest(handle, all);
    const columns = await handle.db
      .selectFrom('products')
      .select(['allergens', 'tags'])
      .distinct()
      .execute();
    expect(columns).toEqual([{ allergens: '[]', tags: '[]' }]);
    expect(await handle.db.selectFrom('order_ratings').selectAll().execute()).toEqual([]);
  });

  it('042 gives the banners of a database of 041 no promotion, and the seed then links its own', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    await migrateToLatest(
      handle,
      Object.fromEntries(Object.entries(all).filter(([name]) => name < '042')),
    );
    expect(await seedDemoChain(handle)).toBe(true);
    await migrateToLatest(handle, all);
    const linked = await handle.db
      .selectFrom('banners')
      .select('promotion_id')
      .distinct()
      .execute();
    expect(linked).toEqual([{ promotion_id: null }]);

    // A chain seeded on today's schema: the banners that announce the promotions link to them.
    const fresh = await emptyDatabase();
    await migrateToLatest(fresh);
    expect(await seedDemoChain(fresh)).toBe(true);
    const links = await fresh.db
      .selectFrom('banners')
      .innerJoin('promotions', 'promotions.id', 'banners.promotion_id')
      .select(['banners.title as banner', 'promotions.title as promotion'])
      .orderBy('banners.position')
      .execute();
    expect(links).toEqual([
      { banner: '2x1 en hamburguesas los martes', promotion: '2x1 martes' },
      {
        banner: 'Domicilio gratis en pedidos desde $40.000',
        promotion: 'Domicilio gratis desde $40.000',
      },
    ]);
  });

  it('043 marks every order of a database of 042 as placed on the storefront, by nobody on staff', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    await migrateToLatest(
      handle,
      Object.fromEntries(Object.entries(all).filter(([name]) => name < '043')),
    );
    expect(await seedDemoChain(handle)).toBe(true);
    const orders = await handle.db.selectFrom('orders').select('id').execute();
    expect(orders.length).toBeGreaterThan(0);
    await migrateToLatest(handle, all);
    const marked = await handle.db
      .selectFrom('orders')
      .select(['channel', 'placed_by'])
      .distinct()
      .execute();
    expect(marked).toEqual([{ channel: 'web', placed_by: null }]);
  });

  it('046 logs the orders the previous catch-up had not surely folded, then every write a report reads', async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    await migrateToLatest(
      handle,
      Object.fromEntries(Object.entries(all).filter(([name]) => name < '046')),
    );
    expect(await seedDemoChain(handle)).toBe(true);
    const { db } = handle;
    const [late, ...rest] = (
      await db.selectFrom('orders').select('id').orderBy('id').execute()
    ).map((row) => row.id);
    expect(rest.length).toBeGreaterThan(0);
    // Built, its watermark at `mark`: the previous catch-up folded from `mark` less 2 minutes.
    const mark = Date.parse('2026-11-30T15:00:00.000Z');
    const at = (ms: number) => new Date(ms).toISOString();
    await db
      .updateTable('insight_state')
      .set({ watermark: at(mark) })
      .execute();
    await db
      .updateTable('orders')
      .set({ updated_at: at(mark - 10 * 60_000) })
      .execute();
    await db
      .updateTable('orders')
      .set({ updated_at: at(mark - 60_000) })
      .where('id', '=', late!)
      .execute();
    await migrateToLatest(handle, all);
    const logged = async () =>
      (await db.selectFrom('insight_changes').select('order_id').orderBy('seq').execute()).map(
        (row) => row.order_id,
      );
    expect(await logged()).toEqual([late]);
    // A write that stamps the order is logged; one that does not (a courier's live arrival) is not.
    await db
      .updateTable('orders')
      .set({ updated_at: at(mark) })
      .where('id', '=', rest[0]!)
      .execute();
    await db
      .updateTable('orders')
      .set({ arrival_from: at(mark), arrival_to: at(mark) })
      .where('id', '=', rest[1]!)
      .execute();
    expect(await logged()).toEqual([late, rest[0]]);
  });

  it("029 adds Informes' rollups to a database of 028 with orders: the first catch-up builds them from every order", async () => {
    const handle = await emptyDatabase();
    const all = migrationsFor(handle.dialect);
    await migrateToLatest(
      handle,
      Object.fromEntries(Object.entries(all).filter(([name]) => name < '029')),
    );
    expect(await seedDemoChain(handle)).toBe(true);
    await migrateToLatest(handle, all);
    const state = await handle.db.selectFrom('insight_state').selectAll().executeTakeFirstOrThrow();
    expect(state.watermark).toBeNull();

    const insights = createInsightsService({
      db: handle.db,
      dialect: handle.dialect,
      clock: systemClock,
    });
    expect(await insights.catchUp()).toEqual({ kind: 'rebuilt', orders: expect.any(Number) });
    const orders = await handle.db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string>('total').as('total'),
      ])
      .executeTakeFirstOrThrow();
    const rolled = await handle.db
      .selectFrom('insight_hours')
      .select((eb) => [
        eb.fn.sum<number | string>('orders').as('n'),
        eb.fn.sum<number | string>('sales').as('total'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBeGreaterThan(0);
    // The demo's past orders are all delivered sales without refunds.
    expect({ n: Number(rolled.n), total: Number(rolled.total) }).toEqual({
      n: Number(orders.n),
      total: Number(orders.total),
    });
    expect(await insights.catchUp()).toEqual({ kind: 'caught-up', orders: 0 });
  });
});

// Decision 081: the previous release must start on a database the next one has migrated (a node
// of it restarting during a rolling deploy, or a rollback), and never undo what it does not know.
/** A newer release's expand step: a table this version has never heard of. */
const newerTable: Migration = {
  async up(db) {
    await db.schema
      .createTable('from_a_newer_release')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  },
};

async function recorded({ db }: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name).sort();
}

describe('migrations a newer release ran', () => {
  it('are left alone and reported: this version starts on their schema and runs nothing', async () => {
    const handle = await emptyDatabase();
    const shipped = migrationsFor(handle.dialect);
    await migrateToLatest(handle, { ...shipped, '900-newer': newerTable });
    const before = await recorded(handle);

    // As the server starts (db/open.ts: on PostgreSQL, a pool of two for the migrator).
    const { target } = opened.at(-1)!;
    const started = await openDatabase({ url: target.url, seedDemo: false, schema: target.schema });
    await started.db.destroy();
    expect(started.newerMigrations).toEqual(['900-newer']);
    expect(await recorded(handle)).toEqual(before);
    await sql`select id from from_a_newer_release`.execute(handle.db);

    // The newer release comes back: it knows them all and has nothing to run.
    const again = await migrateToLatest(handle, { ...shipped, '900-newer': newerTable });
    expect(again).toMatchObject({ newer: [], results: [] });
  });

  it('refuse a database of another line of releases: newer migrations, and one of ours missing', async () => {
    const handle = await emptyDatabase();
    const shipped = migrationsFor(handle.dialect);
    const names = Object.keys(shipped);
    const last = names.at(-1)!;
    const branch = Object.fromEntries(names.slice(0, -1).map((name) => [name, shipped[name]!]));
    await migrateToLatest(handle, { ...branch, '900-newer': newerTable });

    await expect(migrateToLatest(handle, shipped)).rejects.toThrow(
      `does not know (900-newer) and lacks some it has (${last})`,
    );
    expect(await recorded(handle)).not.toContain(last);
  });
});
