import {
  CHECKOUT_MESSAGES,
  DAYPART_MESSAGES,
  addDays,
  adminCategorySchema,
  adminProductSchema,
  auditListResponse,
  categoryListResponse,
  chainClock,
  chainDayRange,
  describeDayparts,
  oneOf,
  weekdayOf,
  type Daypart,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogDeps, createCatalogService } from '../../../src/modules/catalog/service';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
  refused,
} from '../../helpers/ordering';
import { connected, listen, openSocket } from '../../helpers/sockets';
import { todayOn } from '../../helpers/clock';

// Menus by daypart (decision 047): the back office gives a category or a product the windows it
// is offered in; the catalogue leaves it out of its answers outside them (and its cache does not
// outlive a window), and placement refuses it at the order's time, as soon as possible or scheduled.

let t: TestApp;
let admin: string;
let customer: string;
let url: string;
let branch: { id: number; title: string };
const sockets: Socket[] = [];
const MINUTE = 60_000;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  admin = await login(t.app, 'admin@comanda.test');
  customer = await login(t.app, 'cliente@comanda.test');
  branch = await branchBySlug(t.database, 'campina');
  await openAllDay(t.database, branch.id);
  await t.database.db
    .updateTable('branches')
    .set({ pickup_available: 1, paused_until: null, rush_minutes: 0 })
    .where('id', '=', branch.id)
    .execute();
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const send = (method: 'GET' | 'PUT', path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: bearer(admin), ...(payload ? { payload } : {}) });

async function categoryOf(slug: string) {
  const res = await send('GET', '/api/admin/categories');
  return (res.json().results as { slug: string; id: number; version: number }[]).find(
    (c) => c.slug === slug,
  )!;
}

/** Saves a category's editor with these dayparts, as the back office does. */
async function setCategoryDayparts(slug: string, dayparts: Daypart[]) {
  const category = await categoryOf(slug);
  const full = adminCategorySchema.parse(
    (await send('GET', '/api/admin/categories'))
      .json()
      .results.find((c: { id: number }) => c.id === category.id),
  );
  return send('PUT', `/api/admin/categories/${category.id}`, {
    title: full.title,
    photo: full.photo,
    version: full.version,
    dayparts,
  });
}

/** Saves a product's editor with these dayparts. */
async function setProductDayparts(id: number, dayparts: Daypart[]) {
  const product = oneOf(adminProductSchema).parse(
    (await send('GET', `/api/admin/products/${id}`)).json(),
  ).results;
  const res = await send('PUT', `/api/admin/products/${id}`, {
    category_id: product.category_id,
    title: product.title,
    description: product.description,
    description_eco: product.description_eco,
    price: product.price,
    image: product.image,
    modifier_group: product.modifier_group.map((g) => ({
      id: g.id,
      title: g.title,
      required: g.required,
      type_input: g.type_input,
      min: g.min,
      max: g.max,
      modifiers_product: g.modifiers_product,
    })),
    version: product.version,
    dayparts,
  });
  expect(res.statusCode, res.body).toBe(200);
  return oneOf(adminProductSchema).parse(res.json()).results;
}

const storefrontSlugs = async () =>
  categoryListResponse
    .parse((await t.app.inject('/api/category-client')).json())
    .results.map((c) => c.slug);

/** "HH:MM" on the chain's clock, `minutes` from now. */
const clockIn = (minutes: number) => chainClock(new Date(t.clock.now() + minutes * MINUTE));

describe('the back office', () => {
  it('refuses impossible windows with a Spanish message naming the problem, and changes nothing', async () => {
    const cases: [Daypart[], string][] = [
      [[{ days: [1], from: '25:00', to: '11:00' }], DAYPART_MESSAGES.noSuchTime('25:00')],
      [[{ days: [1], from: '06:00', to: '10:75' }], DAYPART_MESSAGES.noSuchTime('10:75')],
      [[{ days: [1], from: '6 am', to: '11:00' }], DAYPART_MESSAGES.format],
      [[{ days: [1], from: '6:00', to: '11:00' }], DAYPART_MESSAGES.format],
      [[{ days: [1], from: '06:00', to: '06:00' }], DAYPART_MESSAGES.empty('06:00')],
      [[{ days: [1], from: '24:00', to: '06:00' }], DAYPART_MESSAGES.startAt24],
      [[{ days: [], from: '06:00', to: '11:00' }], DAYPART_MESSAGES.noDays],
      [[{ days: [1, 1], from: '06:00', to: '11:00' }], DAYPART_MESSAGES.dayRepeated],
      [[{ days: [7], from: '06:00', to: '11:00' }], DAYPART_MESSAGES.day],
    ];
    for (const [dayparts, message] of cases) {
      const res = await setCategoryDayparts('pizzas', dayparts);
      expect(res.statusCode, JSON.stringify(dayparts)).toBe(400);
      expect(res.json().errors.dayparts).toEqual([message]);
    }
    const pizzas = adminCategorySchema.parse(
      (await send('GET', '/api/admin/categories'))
        .json()
        .results.find((c: { slug: string }) => c.slug === 'pizzas'),
    );
    expect(pizzas.dayparts).toEqual([]);

    // A product's editor is checked by the same schema.
    const product = await t.database.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const editable = oneOf(adminProductSchema).parse(
      (await send('GET', `/api/admin/products/${product.id}`)).json(),
    ).results;
    const res = await send('PUT', `/api/admin/products/${product.id}`, {
      ...editable,
      dayparts: [{ days: [1], from: '06:00', to: '24:30' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.dayparts).toEqual([DAYPART_MESSAGES.noSuchTime('24:30')]);
  });

  it('keeps windows that cross midnight and the whole day, reads them back and logs the change', async () => {
    const dayparts = [
      { days: [5, 6], from: '22:00', to: '02:00' },
      { days: [0], from: '00:00', to: '24:00' },
    ];
    const res = await setCategoryDayparts('pizzas', dayparts);
    expect(res.statusCode, res.body).toBe(200);
    expect(oneOf(adminCategorySchema).parse(res.json()).results.dayparts).toEqual(dayparts);
    const audit = auditListResponse.parse(
      (await send('GET', '/api/admin/audit?entity=category')).json(),
    ).results[0]!;
    expect(audit.summary).toContain(`horario de venta ${describeDayparts(dayparts)}`);
    // A save that does not name them (an older editor, the CSV import) leaves them as they are.
    const category = await categoryOf('pizzas');
    const kept = await send('PUT', `/api/admin/categories/${category.id}`, {
      title: 'Pizzas',
      photo: adminCategorySchema.parse(res.json().results).photo,
      version: category.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().results.dayparts).toEqual(dayparts);
    expect((await setCategoryDayparts('pizzas', [])).statusCode).toBe(200);
  });
});

describe('the catalogue', () => {
  // Monday 2026-11-23 in Bogotá (UTC-5), around the end of a 06:00–11:00 window.
  const bogota = (clock: string, day = '2026-11-23') => new Date(`${day}T${clock}-05:00`);

  it('hides a category at the end of its window, within the cache TTL, and shows it when it opens again', async () => {
    expect(
      (await setCategoryDayparts('pizzas', [{ days: EVERY_DAY, from: '06:00', to: '11:00' }]))
        .statusCode,
    ).toBe(200);
    const pizzaSlug = (
      await t.database.db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select('p.slug')
        .where('c.slug', '=', 'pizzas')
        .where('p.active', '=', 1)
        .orderBy('p.id')
        .executeTakeFirstOrThrow()
    ).slug;
    let clock = bogota('10:59:50');
    const catalog = createCatalogService(
      createCatalogDeps({ db: t.database.db, clock: { now: () => clock.getTime() } }),
    );
    const slugs = async () =>
      ((await catalog.categories())!.value as { results: { slug: string }[] }).results.map(
        (c) => c.slug,
      );

    expect(await slugs()).toContain('pizzas');
    expect(await catalog.category('pizzas', branch.id)).not.toBeNull();
    expect(await catalog.product(pizzaSlug, branch.id)).not.toBeNull();
    expect(catalog.fresh.category('pizzas', branch.id)).toBeTruthy();

    // Fifteen seconds later, well inside the 30 s TTL: the cached answers are not served.
    clock = bogota('11:00:05');
    expect(catalog.fresh.category('pizzas', branch.id)).toBeUndefined();
    expect(await slugs()).not.toContain('pizzas');
    expect(await catalog.category('pizzas', branch.id)).toBeNull();
    expect(await catalog.product(pizzaSlug, branch.id)).toBeNull();
    expect(await slugs()).toContain('hamburguesas');

    clock = bogota('11:01:00');
    expect(await slugs()).not.toContain('pizzas');

    // The "not found" answers turn stale too when the window opens the next morning.
    clock = bogota('06:00:00', '2026-11-24');
    expect(await slugs()).toContain('pizzas');
    expect(await catalog.category('pizzas', branch.id)).not.toBeNull();
    expect(await catalog.product(pizzaSlug, branch.id)).not.toBeNull();
    expect((await setCategoryDayparts('pizzas', [])).statusCode).toBe(200);
  });

  it('leaves out the products outside their windows, and a category they all leave empty', async () => {
    const bebidas = await categoryOf('bebidas');
    const products = await t.database.db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('category_id', '=', bebidas.id)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    const window = [{ days: EVERY_DAY, from: '06:00', to: '11:00' }];
    await setProductDayparts(products[0]!.id, window);
    let clock = bogota('12:00:00');
    const catalog = createCatalogService(
      createCatalogDeps({ db: t.database.db, clock: { now: () => clock.getTime() } }),
    );
    const answer = await catalog.category('bebidas', branch.id);
    const slugs = (
      answer!.value as { results: { products: { slug: string }[] } }
    ).results.products.map((p) => p.slug);
    expect(slugs).not.toContain(products[0]!.slug);
    expect(slugs).toContain(products[1]!.slug);

    for (const product of products.slice(1)) await setProductDayparts(product.id, window);
    catalog.invalidate({ type: 'catalog' });
    const list = async () =>
      ((await catalog.categories())!.value as { results: { slug: string }[] }).results.map(
        (c) => c.slug,
      );
    expect(await list()).not.toContain('bebidas');
    expect(await catalog.category('bebidas', branch.id)).toBeNull();
    clock = bogota('07:00:00', '2026-11-24');
    expect(await list()).toContain('bebidas');
    for (const product of products) await setProductDayparts(product.id, []);
  });

  it('answers the storefront without a category whose window has just ended', async () => {
    const ended = [{ days: EVERY_DAY, from: clockIn(-120), to: clockIn(-1) }];
    expect(await storefrontSlugs()).toContain('pizzas');
    expect((await setCategoryDayparts('pizzas', ended)).statusCode).toBe(200);
    expect(await storefrontSlugs()).not.toContain('pizzas');
    expect((await t.app.inject(`/api/category/pizzas/${branch.id}`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/menu/category/pizzas')).statusCode).toBe(404);
    expect((await setCategoryDayparts('pizzas', [])).statusCode).toBe(200);
    expect(await storefrontSlugs()).toContain('pizzas');
  });
});

describe('placement', () => {
  let product: Product;
  let socket: Socket;

  beforeAll(async () => {
    product = (await availableProducts(t.app, t.database, branch.id, 1))[0]!;
    socket = openSocket(url, customer);
    sockets.push(socket);
    await connected(socket);
  });

  const payload = (scheduledFor: string | null = null) =>
    orderPayload(branch.id, [cartItem(product)], { scheduled_for: scheduledFor });

  it('refuses as soon as possible a product outside its window, or its category’s, and takes it inside', async () => {
    const later = [{ days: EVERY_DAY, from: clockIn(120), to: clockIn(180) }];
    await setProductDayparts(product.id, later);
    const errors = await refused(socket, payload());
    expect(errors.detail).toEqual([
      CHECKOUT_MESSAGES.outsideDaypart(product.title, describeDayparts(later)),
    ]);

    await setProductDayparts(product.id, [
      { days: EVERY_DAY, from: clockIn(-60), to: clockIn(60) },
    ]);
    await place(socket, payload());

    const categorySlug = product.category.slug;
    expect((await setCategoryDayparts(categorySlug, later)).statusCode).toBe(200);
    expect((await refused(socket, payload())).detail).toEqual([
      CHECKOUT_MESSAGES.outsideDaypart(product.title, describeDayparts(later)),
    ]);
    expect((await setCategoryDayparts(categorySlug, [])).statusCode).toBe(200);
    await setProductDayparts(product.id, []);
  });

  it('weighs a scheduled order at its slot, not at the time it is placed', async () => {
    const day = addDays(todayOn(t.clock), 2);
    const slot = new Date(chainDayRange(day).start.getTime() + 12 * 60 * MINUTE).toISOString();
    const breakfast = [{ days: [weekdayOf(day)], from: '06:00', to: '11:00' }];
    await setProductDayparts(product.id, breakfast);
    expect((await refused(socket, payload(slot))).detail).toEqual([
      CHECKOUT_MESSAGES.outsideDaypart(product.title, describeDayparts(breakfast)),
    ]);
    await setProductDayparts(product.id, [{ days: [weekdayOf(day)], from: '11:00', to: '13:00' }]);
    const order = await place(socket, payload(slot));
    expect(order.scheduled_for).toBe(slot);
    await setProductDayparts(product.id, []);
  });
});
