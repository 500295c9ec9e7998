import {
  ADMIN_MENU_MESSAGES,
  ADMIN_MESSAGES,
  adminBranchProductSchema,
  adminProductSchema,
  adminProductSummarySchema,
  auditListResponse,
  categoryResponse,
  chainCategoryResponse,
  listOf,
  imageVariantUrl,
  oneOf,
  priceRange,
  PRODUCT_PLACEHOLDER_IMAGE,
  productResponse,
  SOCKET_EVENTS,
  type AdminProduct,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
  refused,
} from '../../helpers/ordering';
import { connected, listen, next, openSocket } from '../../helpers/sockets';

// The back office's products: created with their option groups, edited under a version check,
// reordered and hidden; removed groups and options are hidden, never deleted; orders placed
// before an edit keep their lines; each branch offers it, prices it and sells it out.

let t: TestApp;
let url: string;
let tokens: { customer: string; campina: string; admin: string };
let categoryId: number;
let branch: { id: number; title: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  categoryId = (
    await t.database.db
      .selectFrom('categories')
      .select('id')
      .orderBy('position')
      .executeTakeFirstOrThrow()
  ).id;
  branch = await branchBySlug(t.database, 'campina');
  await openAllDay(t.database, branch.id);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const send = (
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: unknown,
  token = tokens.admin,
) =>
  t.app.inject({
    method,
    url: path,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const one = oneOf(adminProductSchema);

const burgerBody = (overrides: Record<string, unknown> = {}) => ({
  category_id: categoryId,
  title: 'Hamburguesa Volcán',
  description: 'Doble carne, queso fundido y jalapeños.',
  description_eco: 'Doble carne y jalapeños',
  price: 25000,
  image: '/images/volcan.webp',
  modifier_group: [
    {
      title: 'Tamaño',
      required: true,
      type_input: 1,
      modifiers_product: [
        { title: 'Sencilla', price: 0 },
        { title: 'Doble', price: 6000 },
      ],
    },
    {
      title: 'Adiciones',
      required: false,
      type_input: 2,
      max: 2,
      modifiers_product: [
        { title: 'Tocineta', price: 3000 },
        { title: 'Huevo', price: 2000 },
        { title: 'Aguacate', price: 2500 },
      ],
    },
  ],
  ...overrides,
});

/** A new product, as created: a draft, hidden from every storefront. */
async function createDraft(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const res = await send('POST', '/api/admin/products', burgerBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return one.parse(res.json()).results;
}
const publish = async (product: AdminProduct) => {
  const res = await send('PUT', `/api/admin/products/${product.id}/visibility`, {
    hidden: false,
    version: product.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return one.parse((await send('GET', `/api/admin/products/${product.id}`)).json()).results;
};
/** A new product, published: what most tests start from. */
const create = async (overrides: Record<string, unknown> = {}) =>
  publish(await createDraft(overrides));
const storefront = async (slug: string): Promise<Product> =>
  productResponse.parse((await t.app.inject(`/api/products/${slug}/${branch.id}`)).json()).results;
const edit = (product: AdminProduct, changes: Record<string, unknown>) =>
  send('PUT', `/api/admin/products/${product.id}`, {
    category_id: product.category_id,
    title: product.title,
    description: product.description,
    description_eco: product.description_eco,
    price: product.price,
    image: product.image,
    modifier_group: product.modifier_group,
    version: product.version,
    ...changes,
  });
const lastAudit = async (entity: string) =>
  auditListResponse.parse((await send('GET', `/api/admin/audit?entity=${entity}`)).json())
    .results[0]!;
async function customerSocket() {
  const socket = openSocket(url, tokens.customer);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

describe('admin products', () => {
  it('creates a product as a draft, shown by the storefront once published, with the stored limits', async () => {
    const draft = await createDraft();
    expect(draft).toMatchObject({
      slug: 'hamburguesa-volcan',
      version: 1,
      hidden: true,
      price: 25000,
    });
    expect(await lastAudit('product')).toMatchObject({
      action: 'create',
      entity_id: String(draft.id),
      summary: 'Producto Hamburguesa Volcán ($25.000), borrador',
    });
    // Nothing shows a draft: not its page, not its category's cards.
    expect((await t.app.inject(`/api/products/${draft.slug}/${branch.id}`)).statusCode).toBe(404);
    const { slug: categorySlug } = await t.database.db
      .selectFrom('categories')
      .select('slug')
      .where('id', '=', draft.category_id)
      .executeTakeFirstOrThrow();
    const cards = categoryResponse.parse(
      (await t.app.inject(`/api/category/${categorySlug}/${branch.id}`)).json(),
    ).results.products;
    expect(cards.map((c) => c.id)).not.toContain(draft.id);

    const created = await publish(draft);
    expect(created).toMatchObject({ version: 2, hidden: false });
    expect(
      created.modifier_group.map((g) => [g.title, g.min, g.max, g.modifiers_product.length]),
    ).toEqual([
      ['Tamaño', null, null, 2],
      ['Adiciones', null, 2, 3],
    ]);
    const shown = await storefront(created.slug);
    expect(shown.price).toBe(25000);
    expect(shown.modifier_group[1]).toMatchObject({
      title: 'Adiciones',
      type_input: 2,
      required: false,
      max_choices: 2,
    });

    // The storefront and placement both read the max: three extras are refused.
    const socket = await customerSocket();
    const item = cartItem(shown);
    item.modifier_group[1]!.modifiers_product = item.modifier_group[1]!.modifiers_product.map(
      (o) => ({ ...o, selected: true }),
    );
    const errors = await refused(socket, orderPayload(branch.id, [item]));
    expect(Object.values(errors).flat().join(' ')).toMatch(/Adiciones/);
  });

  it('keeps slugs unique and stable when the title changes', async () => {
    const a = await create({ title: 'Perro Zeta Especial' });
    const b = await create({ title: 'Perro zeta especial' });
    expect([a.slug, b.slug]).toEqual(['perro-zeta-especial', 'perro-zeta-especial-2']);
    const res = await edit(b, { title: 'Perro Ranchero' });
    expect(res.statusCode, res.body).toBe(200);
    expect(one.parse(res.json()).results).toMatchObject({
      slug: 'perro-zeta-especial-2',
      title: 'Perro Ranchero',
      version: b.version + 1,
    });
    expect((await storefront('perro-zeta-especial-2')).title).toBe('Perro Ranchero');
  });

  it('saves a demo product read and sent back unchanged, keeping every group and option id', async () => {
    // The demo chain's ids overlap between groups and options (group 5, option 5): both must pass.
    for (const { id } of await t.database.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .limit(8)
      .execute()) {
      const read = one.parse((await send('GET', `/api/admin/products/${id}`)).json()).results;
      const res = await edit(read, {});
      expect(res.statusCode, res.body).toBe(200);
      const saved = one.parse(res.json()).results;
      expect(saved.modifier_group).toEqual(read.modifier_group);
      expect(saved.version).toBe(read.version + 1);
    }
  });

  it('answers 409 in Spanish to a save made from an old version, and saves nothing', async () => {
    const created = await create({ title: 'Sándwich cubano' });
    const first = await edit(created, { price: 21000 });
    expect(first.statusCode).toBe(200);
    const second = await edit(created, { price: 30000, title: 'Sándwich pisado' });
    expect(second.statusCode).toBe(409);
    const now = one.parse((await send('GET', `/api/admin/products/${created.id}`)).json()).results;
    expect(now).toMatchObject({
      title: 'Sándwich cubano',
      price: 21000,
      version: created.version + 1,
    });
    // The refusal carries the product as it is now, the copy the editor shows instead of its own.
    expect(second.json()).toEqual({ message: ADMIN_MENU_MESSAGES.conflict, current: now });
    expect(await lastAudit('product')).toMatchObject({
      summary: 'Sándwich cubano: precio $25.000 → $21.000',
      before: { price: 25000 },
      after: { price: 21000 },
    });
  });

  it('keeps an order placed before a price change exactly as it was placed', async () => {
    const created = await create({ title: 'Burrito de la casa', price: 18000 });
    const socket = await customerSocket();
    const order = await place(
      socket,
      orderPayload(branch.id, [cartItem(await storefront(created.slug), 2)]),
    );
    expect(order.total).toBe(36000);

    const res = await edit(created, {
      title: 'Burrito gigante',
      price: 24000,
      modifier_group: created.modifier_group.map((g) => ({
        ...g,
        modifiers_product: g.modifiers_product.map((o) => ({ ...o, price: o.price + 500 })),
      })),
    });
    expect(res.statusCode).toBe(200);
    const lines = await t.database.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(lines.map((l) => [l.title, l.unit_price, l.total])).toEqual([
      ['Burrito de la casa', 18000, 36000],
    ]);
    const stored = await t.database.db
      .selectFrom('orders')
      .select('total')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored.total).toBe(36000);
    // The next order pays the new price (a priced size is the price: Sencilla now costs 500).
    const again = await place(
      socket,
      orderPayload(branch.id, [cartItem(await storefront(created.slug))]),
    );
    expect(again.total).toBe(500);
  });

  it('hides removed groups and options instead of deleting them, and refuses carts that still name them', async () => {
    const created = await create({ title: 'Arepa rellena', price: 12000 });
    const socket = await customerSocket();
    const oldItem = cartItem(await storefront(created.slug));
    await place(socket, orderPayload(branch.id, [oldItem]));
    const [size, extras] = created.modifier_group;
    const removedOption = size!.modifiers_product[0]!;

    const res = await edit(created, {
      modifier_group: [
        { ...size!, modifiers_product: size!.modifiers_product.slice(1) },
        {
          title: 'Salsas',
          required: false,
          type_input: 2,
          modifiers_product: [{ title: 'Ajo', price: 0 }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = one.parse(res.json()).results;
    expect(saved.modifier_group.map((g) => g.title)).toEqual(['Tamaño', 'Salsas']);
    expect(saved.modifier_group[0]!.modifiers_product.map((o) => o.title)).toEqual(['Doble']);

    const option = await t.database.db
      .selectFrom('modifier_options')
      .select(['id', 'active'])
      .where('id', '=', removedOption.id)
      .executeTakeFirstOrThrow();
    expect(option.active).toBe(0);
    const group = await t.database.db
      .selectFrom('modifier_groups')
      .select('active')
      .where('id', '=', extras!.id)
      .executeTakeFirstOrThrow();
    expect(group.active).toBe(0);
    const shown = await storefront(created.slug);
    expect(shown.modifier_group.map((g) => g.title)).toEqual(['Tamaño', 'Salsas']);

    const errors = await refused(socket, orderPayload(branch.id, [oldItem]));
    expect(Object.values(errors).flat().join(' ')).toMatch(/Arepa rellena/);

    // An id from another product is refused: groups are reused by copy, without ids.
    const other = await create({ title: 'Otra arepa' });
    const stolen = await edit(other, { modifier_group: [saved.modifier_group[0]] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors.modifier_group).toEqual([ADMIN_MENU_MESSAGES.unknownGroup]);
    const copied = await edit(other, {
      modifier_group: saved.modifier_group.map(({ id: _g, ...g }) => ({
        ...g,
        modifiers_product: g.modifiers_product.map(({ id: _o, ...o }) => o),
      })),
    });
    expect(copied.statusCode).toBe(200);
    expect(one.parse(copied.json()).results.modifier_group.map((g) => g.title)).toEqual([
      'Tamaño',
      'Salsas',
    ]);
  });

  it('lists every product (hidden too) by category and words, hides, shows and reorders them', async () => {
    const created = await create({ title: 'Malteada de Maracuyá' });
    const hidden = await send('PUT', `/api/admin/products/${created.id}/visibility`, {
      hidden: true,
    });
    expect(hidden.statusCode).toBe(200);
    expect((await t.app.inject(`/api/products/${created.slug}/${branch.id}`)).statusCode).toBe(404);
    expect(
      await t.database.db
        .selectFrom('products')
        .select('id')
        .where('id', '=', created.id)
        .executeTakeFirst(),
    ).toBeDefined();
    expect(await lastAudit('product')).toMatchObject({
      action: 'hide',
      summary: 'Producto Malteada de Maracuyá',
    });

    const found = listOf(adminProductSummarySchema).parse(
      (
        await send('GET', `/api/admin/products?q=${encodeURIComponent('malteada maracuya')}`)
      ).json(),
    ).results;
    expect(found.map((p) => [p.id, p.hidden])).toEqual([[created.id, true]]);
    await send('PUT', `/api/admin/products/${created.id}/visibility`, { hidden: false });
    expect((await t.app.inject(`/api/products/${created.slug}/${branch.id}`)).statusCode).toBe(200);

    const inCategory = listOf(adminProductSummarySchema).parse(
      (await send('GET', `/api/admin/products?category_id=${categoryId}`)).json(),
    ).results;
    expect(inCategory.every((p) => p.category_id === categoryId)).toBe(true);
    const ids = inCategory.map((p) => p.id).reverse();
    const reordered = await send('PUT', `/api/admin/categories/${categoryId}/products/order`, {
      ids,
    });
    expect(reordered.statusCode).toBe(200);
    const slug = (
      await t.database.db
        .selectFrom('categories')
        .select('slug')
        .where('id', '=', categoryId)
        .executeTakeFirstOrThrow()
    ).slug;
    const cards = (await t.app.inject(`/api/category/${slug}/${branch.id}`)).json().results
      .products as { id: number }[];
    expect(cards.map((c) => c.id)).toEqual(ids);
    const partial = await send('PUT', `/api/admin/categories/${categoryId}/products/order`, {
      ids: ids.slice(1),
    });
    expect(partial.json().errors.ids).toEqual([ADMIN_MENU_MESSAGES.productOrder]);
  });

  it('saves a product without a photo with the placeholder plate, served like any photo', async () => {
    const created = await create({ title: 'Arepa sin foto', image: '' });
    expect(created.image).toBe(PRODUCT_PLACEHOLDER_IMAGE);
    expect((await storefront(created.slug)).image).toBe(PRODUCT_PLACEHOLDER_IMAGE);
    for (const url of [
      PRODUCT_PLACEHOLDER_IMAGE,
      imageVariantUrl(PRODUCT_PLACEHOLDER_IMAGE, 160, 'avif')!,
    ]) {
      const file = await t.app.inject(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.rawPayload.length).toBeGreaterThan(0);
    }
  });

  it('refuses bad products in Spanish with nothing stored', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ price: -1 }, { price: [ADMIN_MESSAGES.money] }],
      [{ price: 1000.5 }, { price: [ADMIN_MESSAGES.money] }],
      [
        { title: '', image: `/images/${'x'.repeat(300)}.webp` },
        { title: [ADMIN_MENU_MESSAGES.productTitle], image: [ADMIN_MENU_MESSAGES.image] },
      ],
      [{ category_id: 999999 }, { category_id: [ADMIN_MENU_MESSAGES.categoryNotFound] }],
      [
        {
          modifier_group: [
            { title: 'Vacío', required: true, type_input: 1, modifiers_product: [] },
          ],
        },
        { modifier_group: [ADMIN_MENU_MESSAGES.groupOptions] },
      ],
      [
        {
          modifier_group: [
            {
              title: 'Salsas',
              required: true,
              type_input: 2,
              min: 3,
              max: 2,
              modifiers_product: [
                { title: 'A', price: 0 },
                { title: 'B', price: 0 },
              ],
            },
          ],
        },
        { modifier_group: [ADMIN_MENU_MESSAGES.minAboveMax, ADMIN_MENU_MESSAGES.maxAboveOptions] },
      ],
      [
        {
          modifier_group: [
            {
              title: 'Tipo',
              required: true,
              type_input: 3,
              modifiers_product: [{ title: 'A', price: -5 }],
            },
          ],
        },
        { modifier_group: [ADMIN_MENU_MESSAGES.groupKind, ADMIN_MESSAGES.money] },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const res = await send('POST', '/api/admin/products', burgerBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const created = await create({ title: 'Limonada de coco' });
    const noVersion = await send('PUT', `/api/admin/products/${created.id}`, burgerBody());
    expect(noVersion.json().errors).toEqual({ version: [ADMIN_MENU_MESSAGES.version] });
    expect(await count()).toBe(before + 1);
  });

  // Decision 052: the menu shows the least a customer can pay, so a branch price on a product
  // whose sizes are all priced (never charged) is never advertised either.
  it('shows a sized product at its cheapest size, whatever the branch asks, and charges that', async () => {
    const created = await create({
      title: 'Pizza de la casa',
      price: 9000,
      modifier_group: [
        {
          title: 'Tamaño',
          required: true,
          type_input: 1,
          modifiers_product: [
            { title: 'Mediana', price: 15000 },
            { title: 'Familiar', price: 26000 },
          ],
        },
        {
          title: 'Adiciones',
          required: false,
          type_input: 2,
          modifiers_product: [{ title: 'Borde de queso', price: 4000 }],
        },
      ],
    });
    const priced = await send('PUT', `/api/admin/branches/${branch.id}/products/${created.id}`, {
      offered: true,
      price: 17500,
      sold_out: false,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const { slug } = await t.database.db
      .selectFrom('categories')
      .select('slug')
      .where('id', '=', created.category_id)
      .executeTakeFirstOrThrow();
    const card = async () =>
      categoryResponse
        .parse((await t.app.inject(`/api/category/${slug}/${branch.id}`)).json())
        .results.products.find((p) => p.id === created.id)!;

    expect(await card()).toMatchObject({ price: 15000, price_varies: true, available: true });
    const page = await storefront(created.slug);
    expect(page.price).toBe(17500);
    expect(priceRange(page)).toEqual({ price: 15000, varies: true });
    const chainCard = chainCategoryResponse
      .parse((await t.app.inject(`/api/menu/category/${slug}`)).json())
      .results.products.find((p) => p.id === created.id)!;
    expect(chainCard).toMatchObject({ price: 15000, price_varies: true });
    // Mediana, the first size, is what cartItem chooses: the card's figure is the one charged.
    const socket = await customerSocket();
    expect((await place(socket, orderPayload(branch.id, [cartItem(page)]))).total).toBe(15000);

    // Mediana runs out at the branch: the card moves to what is left, with no "Desde".
    const mediana = page.modifier_group[0]!.modifiers_product[0]!;
    const out = await send(
      'PUT',
      `/api/staff/branches/${branch.id}/options/${mediana.id}/availability`,
      { sold_out: true },
    );
    expect(out.statusCode, out.body).toBe(200);
    expect(await card()).toMatchObject({ price: 26000, price_varies: false });
    await send('PUT', `/api/staff/branches/${branch.id}/options/${mediana.id}/availability`, {
      sold_out: false,
    });
    expect(await card()).toMatchObject({ price: 15000, price_varies: true });
  });

  it('sets a product at a branch: offered, its own price, sold out (told like the console switch)', async () => {
    const created = await create({ title: 'Costillas BBQ', price: 40000 });
    const states = listOf(adminBranchProductSchema).parse(
      (await send('GET', `/api/admin/products/${created.id}/branches`)).json(),
    ).results;
    expect(states.length).toBeGreaterThanOrEqual(4);
    expect(states.every((s) => s.offered && s.price === null && !s.sold_out)).toBe(true);

    const anonymous = openSocket(url, null);
    sockets.push(anonymous);
    await connected(anonymous);
    const heardCatalog = next(anonymous, SOCKET_EVENTS.catalogChanged);
    const priced = await send('PUT', `/api/admin/branches/${branch.id}/products/${created.id}`, {
      offered: true,
      price: 42000,
      sold_out: false,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(oneOf(adminBranchProductSchema).parse(priced.json()).results).toMatchObject({
      branch_id: branch.id,
      price: 42000,
      offered: true,
      sold_out: false,
    });
    await heardCatalog;
    expect((await storefront(created.slug)).price).toBe(42000);
    const socket = await customerSocket();
    const item = cartItem(await storefront(created.slug));
    expect((await place(socket, orderPayload(branch.id, [item]))).total).toBe(42000);
    expect(await lastAudit('branch_product')).toMatchObject({
      branch_id: branch.id,
      entity_id: String(created.id),
      summary: `Costillas BBQ en ${branch.title}: ofrecido sí, precio $42.000, agotado no`,
    });

    const heardAvailability = next(anonymous, SOCKET_EVENTS.availability);
    await send('PUT', `/api/admin/branches/${branch.id}/products/${created.id}`, {
      offered: true,
      price: 42000,
      sold_out: true,
    });
    expect(await heardAvailability).toEqual({
      branch_id: branch.id,
      product_id: created.id,
      sold_out: true,
    });
    expect((await storefront(created.slug)).unavailable_reason).toBe('sold_out');

    await send('PUT', `/api/admin/branches/${branch.id}/products/${created.id}`, {
      offered: false,
      price: null,
      sold_out: false,
    });
    expect((await storefront(created.slug)).unavailable_reason).toBe('not_offered');

    const bad = await send('PUT', `/api/admin/branches/${branch.id}/products/${created.id}`, {
      offered: 'sí',
      price: -3,
      sold_out: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['offered', 'price']);
    expect(
      (
        await send('PUT', `/api/admin/branches/999999/products/${created.id}`, {
          offered: true,
          price: null,
          sold_out: false,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 403 to staff and customers with nothing changed', async () => {
    const created = await create({ title: 'Nachos' });
    for (const token of [tokens.campina, tokens.customer]) {
      const attempts = [
        await send('POST', '/api/admin/products', burgerBody({ title: 'Intruso' }), token),
        await send(
          'PUT',
          `/api/admin/products/${created.id}`,
          { ...burgerBody({ price: 1 }), version: created.version },
          token,
        ),
        await send('PUT', `/api/admin/products/${created.id}/visibility`, { hidden: true }, token),
        await send(
          'PUT',
          `/api/admin/categories/${categoryId}/products/order`,
          { ids: [created.id] },
          token,
        ),
        await send(
          'PUT',
          `/api/admin/branches/${branch.id}/products/${created.id}`,
          { offered: false, price: 1, sold_out: true },
          token,
        ),
        await send('GET', `/api/admin/products/${created.id}`, undefined, token),
        await send('GET', `/api/admin/products/${created.id}/branches`, undefined, token),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: ADMIN_MESSAGES.forbidden });
      }
    }
    expect(
      one.parse((await send('GET', `/api/admin/products/${created.id}`)).json()).results,
    ).toEqual(created);
    expect((await storefront(created.slug)).available).toBe(true);
    expect(
      await t.database.db
        .selectFrom('products')
        .select('id')
        .where('title', '=', 'Intruso')
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
