import {
  productUpdateBodyOf,
  ADMIN_MENU_MESSAGES,
  ADMIN_MESSAGES,
  adminBranchProductSchema,
  adminProductSchema,
  listOf,
  oneOf,
  priceChangeSchema,
  productResponse,
  type AdminProduct,
  type PriceChange,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIZES_ARE_CHAIN_WIDE } from '../../../src/modules/admin-menu/price-changes';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, branchBySlug, login } from '../../helpers/ordering';

// The menu's two tools for a chain with many products: duplicating a product (its groups,
// options and branch states, the copy hidden) and a bulk price change, previewed then applied
// in one transaction with one change-log row, refused when stale or when a price would reach 0.

let t: TestApp;
let tokens: { staff: string; admin: string };
let campina: { id: number; title: string };
let terminal: { id: number; title: string };

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    staff: await login(t.app, 'staff@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  campina = await branchBySlug(t.database, 'campina');
  terminal = await branchBySlug(t.database, 'terminal-24h');
});
afterAll(async () => {
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
const oneProduct = oneOf(adminProductSchema);
const oneChange = oneOf(priceChangeSchema);
const branchStates = listOf(adminBranchProductSchema);

const db = () => t.database.db;
const auditRows = async () =>
  Number(
    (
      await db()
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const categoryId = async (slug: string) =>
  (
    await db()
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow()
  ).id;
const productBySlug = (slug: string) =>
  db().selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
/** Every price of the menu: list prices, branch prices and option prices, to see what changed. */
async function allPrices() {
  const [products, rows, options] = await Promise.all([
    db().selectFrom('products').select(['id', 'price']).orderBy('id').execute(),
    db()
      .selectFrom('branch_products')
      .select(['branch_id', 'product_id', 'price', 'offered', 'sold_out'])
      .orderBy('branch_id')
      .orderBy('product_id')
      .execute(),
    db().selectFrom('modifier_options').select(['id', 'price']).orderBy('id').execute(),
  ]);
  return { products, rows, options };
}
const adminProduct = async (id: number) =>
  oneProduct.parse((await send('GET', `/api/admin/products/${id}`)).json()).results;
const states = async (id: number) =>
  branchStates.parse((await send('GET', `/api/admin/products/${id}/branches`)).json()).results;
/** A product's groups without their ids: what a copy must have the same. */
const shape = (p: AdminProduct) =>
  p.modifier_group.map(({ id: _g, modifiers_product, ...group }) => ({
    ...group,
    options: modifiers_product.map(({ id: _o, ...option }) => option),
  }));

async function preview(body: Record<string, unknown>): Promise<PriceChange> {
  const res = await send('POST', '/api/admin/prices/preview', body);
  expect(res.statusCode, res.body).toBe(200);
  return oneChange.parse(res.json()).results;
}

describe('duplicating a product', () => {
  it('copies its groups, options and branch states, hidden, with a free slug and one audit row', async () => {
    const original = await productBySlug('hamburguesa-clasica');
    const setAt = (branchId: number, body: object) =>
      send('PUT', `/api/admin/branches/${branchId}/products/${original.id}`, body);
    expect(
      (await setAt(campina.id, { offered: true, price: 23900, sold_out: true })).statusCode,
    ).toBe(200);
    const before = await auditRows();

    const res = await send('POST', `/api/admin/products/${original.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = oneProduct.parse(res.json()).results;
    const source = await adminProduct(original.id);
    expect(copy).toMatchObject({
      title: 'Hamburguesa Clásica (copia)',
      slug: 'hamburguesa-clasica-copia',
      hidden: true,
      version: 1,
      price: source.price,
      category_id: source.category_id,
      description: source.description,
      description_eco: source.description_eco,
      image: source.image,
    });
    expect(copy.id).not.toBe(original.id);
    expect(shape(copy)).toEqual(shape(source));
    expect(shape(copy).length).toBeGreaterThan(0);
    // No id is shared: editing the copy's options never touches the original's.
    const ids = (p: AdminProduct) =>
      p.modifier_group.flatMap((g) => [g.id, ...g.modifiers_product.map((o) => o.id)]);
    expect(ids(copy).filter((id) => ids(source).includes(id))).toEqual([]);

    const strip = (rows: Awaited<ReturnType<typeof states>>) =>
      rows.map(({ branch_id, offered, price, sold_out }) => ({
        branch_id,
        offered,
        price,
        sold_out,
      }));
    expect(strip(await states(copy.id))).toEqual(strip(await states(original.id)));
    expect((await states(copy.id)).find((s) => s.branch_id === terminal.id)).toMatchObject({
      price: 25900,
    });

    expect(await auditRows()).toBe(before + 1);
    const row = await db()
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'create', entity: 'product', entity_id: String(copy.id) });
    expect(row.summary).toContain('copia de Hamburguesa Clásica');

    // Hidden: no storefront shows it until an admin does.
    expect((await t.app.inject(`/api/products/${copy.slug}/${campina.id}`)).statusCode).toBe(404);
    const shown = await send('PUT', `/api/admin/products/${copy.id}/visibility`, { hidden: false });
    expect(shown.statusCode).toBe(200);
    const live = await t.app.inject(`/api/products/${copy.slug}/${campina.id}`);
    expect(productResponse.parse(live.json()).results.price).toBe(23900);
  });

  it('takes the next free slug for a second copy', async () => {
    const { id } = await productBySlug('hamburguesa-clasica');
    const res = await send('POST', `/api/admin/products/${id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    expect(oneProduct.parse(res.json()).results.slug).toBe('hamburguesa-clasica-copia-2');
  });

  it('answers 404 for a missing product and 403 to staff, changing nothing', async () => {
    const before = await db().selectFrom('products').select('id').execute();
    const missing = await send('POST', '/api/admin/products/999999/duplicate');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_MENU_MESSAGES.productNotFound);
    const { id } = await productBySlug('flan-de-caramelo');
    const staff = await send(
      'POST',
      `/api/admin/products/${id}/duplicate`,
      undefined,
      tokens.staff,
    );
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(ADMIN_MESSAGES.forbidden);
    expect(await db().selectFrom('products').select('id').execute()).toEqual(before);
  });
});

describe('bulk price change', () => {
  it('applies exactly its preview to a category, with one audit row, and the storefront shows it', async () => {
    const hamburguesas = await categoryId('hamburguesas');
    const body = { category_id: hamburguesas, mode: 'percent', value: 10 };
    const shown = await preview(body);
    const clasica = await productBySlug('combo-dorado');
    // The list price and Terminal's own price, each rounded to the nearest 100 pesos.
    expect(shown.lines.filter((l) => l.product_id === clasica.id)).toEqual([
      expect.objectContaining({
        branch_id: null,
        option_id: null,
        old_price: 34900,
        new_price: 38400,
      }),
      expect.objectContaining({ branch_id: terminal.id, old_price: 39500, new_price: 43500 }),
    ]);
    const inCategory = await db()
      .selectFrom('products')
      .select('id')
      .where('category_id', '=', hamburguesas)
      .execute();
    expect(shown.products).toBe(inCategory.length);
    expect(shown.summary).toBe(
      `Subió 10 % el precio de ${inCategory.length} productos (Hamburguesas)`,
    );

    const before = await allPrices();
    const audits = await auditRows();
    const res = await send('POST', '/api/admin/prices/apply', { ...body, version: shown.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(oneChange.parse(res.json()).results.lines).toEqual(shown.lines);
    expect(await auditRows()).toBe(audits + 1);

    // Exactly the previewed prices changed, to the previewed values; nothing else did.
    const after = await allPrices();
    const expected = structuredClone(before);
    for (const l of shown.lines) {
      if (l.option_id !== null)
        expected.options.find((o) => o.id === l.option_id)!.price = l.new_price;
      else if (l.branch_id !== null)
        expected.rows.find(
          (r) => r.branch_id === l.branch_id && r.product_id === l.product_id,
        )!.price = l.new_price;
      else expected.products.find((p) => p.id === l.product_id)!.price = l.new_price;
    }
    expect(after).toEqual(expected);

    const row = await db()
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'update', entity: 'product', summary: shown.summary });
    const live = await t.app.inject(`/api/products/combo-dorado/${campina.id}`);
    expect(productResponse.parse(live.json()).results.price).toBe(38400);
    const atTerminal = await t.app.inject(`/api/products/combo-dorado/${terminal.id}`);
    expect(productResponse.parse(atTerminal.json()).results.price).toBe(43500);
  });

  it('changes the sizes of sized products, and leaves them out at one branch', async () => {
    const pizza = await productBySlug('pizza-campina');
    const everywhere = await preview({ product_ids: [pizza.id], mode: 'amount', value: 1000 });
    expect(everywhere.lines.map((l) => [l.option_title, l.old_price, l.new_price])).toEqual([
      [null, 31900, 32900],
      ['Personal (4 porciones)', 31900, 32900],
      ['Mediana (6 porciones)', 45900, 46900],
      ['Familiar (8 porciones)', 62900, 63900],
    ]);
    const flan = await productBySlug('flan-de-caramelo');
    const atOne = await preview({
      product_ids: [pizza.id, flan.id],
      branch_id: campina.id,
      mode: 'amount',
      value: 1000,
    });
    expect(atOne.skipped).toEqual([
      { product_id: pizza.id, product_title: 'Pizza Campiña', reason: SIZES_ARE_CHAIN_WIDE },
    ]);
    expect(atOne.lines).toEqual([
      expect.objectContaining({
        product_id: flan.id,
        branch_id: campina.id,
        old_price: 7900,
        new_price: 8900,
      }),
    ]);
    const onlyPizza = await send('POST', '/api/admin/prices/preview', {
      product_ids: [pizza.id],
      branch_id: campina.id,
      mode: 'amount',
      value: 1000,
    });
    expect(onlyPizza.statusCode).toBe(400);
    expect(onlyPizza.json().errors.product_ids).toEqual([ADMIN_MENU_MESSAGES.priceNothing]);
  });

  it('writes one branch price and leaves the other branches and the list price alone', async () => {
    const flan = await productBySlug('flan-de-caramelo');
    const body = { product_ids: [flan.id], branch_id: campina.id, mode: 'amount', value: -900 };
    const shown = await preview(body);
    const before = await allPrices();
    const res = await send('POST', '/api/admin/prices/apply', { ...body, version: shown.version });
    expect(res.statusCode, res.body).toBe(200);
    const after = await allPrices();
    expect(after.products).toEqual(before.products);
    expect(after.options).toEqual(before.options);
    expect(after.rows.filter((r) => r.product_id === flan.id)).toEqual([
      { branch_id: campina.id, product_id: flan.id, price: 7000, offered: 1, sold_out: 0 },
    ]);
    expect(
      productResponse.parse(
        (await t.app.inject(`/api/products/flan-de-caramelo/${campina.id}`)).json(),
      ).results.price,
    ).toBe(7000);
    expect(
      productResponse.parse(
        (await t.app.inject(`/api/products/flan-de-caramelo/${terminal.id}`)).json(),
      ).results.price,
    ).toBe(7900);
  });

  it('refuses a preview made stale by another edit with 409, changing nothing', async () => {
    const bebidas = await categoryId('bebidas');
    const body = { category_id: bebidas, mode: 'percent', value: -5 };
    const shown = await preview(body);
    const product = (
      await db()
        .selectFrom('products')
        .select('id')
        .where('category_id', '=', bebidas)
        .orderBy('position')
        .executeTakeFirstOrThrow()
    ).id;
    const edit = await send('PUT', `/api/admin/branches/${campina.id}/products/${product}`, {
      offered: false,
      price: null,
      sold_out: false,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = await allPrices();
    const audits = await auditRows();
    const res = await send('POST', '/api/admin/prices/apply', { ...body, version: shown.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_MENU_MESSAGES.priceStale);
    // The refusal carries the change as it would be now, with the version to apply it with.
    const current = priceChangeSchema.parse(res.json().current);
    expect(current.version).not.toBe(shown.version);
    expect(current.lines).toEqual(shown.lines);
    expect(await allPrices()).toEqual(before);
    expect(await auditRows()).toBe(audits);

    const again = await send('POST', '/api/admin/prices/apply', {
      ...body,
      version: current.version,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('applies a preview sent twice at once only once', async () => {
    const perros = await categoryId('perros-y-sandwiches');
    const body = { category_id: perros, mode: 'amount', value: 300 };
    const shown = await preview(body);
    const audits = await auditRows();
    const answers = await Promise.all(
      [1, 2].map(() =>
        send('POST', '/api/admin/prices/apply', { ...body, version: shown.version }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditRows()).toBe(audits + 1);
    const first = shown.lines.find((l) => l.branch_id === null && l.option_id === null)!;
    const now = await db()
      .selectFrom('products')
      .select('price')
      .where('id', '=', first.product_id)
      .executeTakeFirstOrThrow();
    expect(now.price).toBe(first.old_price + 300);
  });

  it('raises the versions it changes, so an editor opened before gets its 409', async () => {
    const product = await adminProduct((await productBySlug('galleta-de-chocolate')).id);
    const body = { product_ids: [product.id], mode: 'amount', value: 100 };
    const shown = await preview(body);
    expect(
      (await send('POST', '/api/admin/prices/apply', { ...body, version: shown.version }))
        .statusCode,
    ).toBe(200);
    // The body the editor would save from what it read (its version now stale).
    const stale = await send('PUT', `/api/admin/products/${product.id}`, {
      ...productUpdateBodyOf(product),
      price: 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses a change that takes a price to 0 or less, changing nothing', async () => {
    const postres = await categoryId('postres');
    const before = await allPrices();
    const audits = await auditRows();
    const body = { category_id: postres, mode: 'amount', value: -7900 };
    const res = await send('POST', '/api/admin/prices/preview', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.value[0]).toMatch(
      /quedaría en \$0 o menos; no se cambió ningún precio/,
    );
    const apply = await send('POST', '/api/admin/prices/apply', {
      ...body,
      version: 'a'.repeat(32),
    });
    expect(apply.statusCode).toBe(400);
    const percent = await send('POST', '/api/admin/prices/preview', {
      category_id: postres,
      mode: 'percent',
      value: -90,
    });
    expect(percent.statusCode, percent.body).toBe(200);
    expect(await allPrices()).toEqual(before);
    expect(await auditRows()).toBe(audits);
  });

  it('answers bad input with Spanish 400s and staff with 403, changing nothing', async () => {
    const before = await allPrices();
    const postres = await categoryId('postres');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ mode: 'percent', value: 10 }, 'category_id', ADMIN_MENU_MESSAGES.priceSelection],
      [
        { category_id: postres, product_ids: [1], mode: 'percent', value: 10 },
        'category_id',
        ADMIN_MENU_MESSAGES.priceSelection,
      ],
      [
        { category_id: postres, mode: 'percent', value: 0 },
        'value',
        ADMIN_MENU_MESSAGES.pricePercent,
      ],
      [
        { category_id: postres, mode: 'percent', value: 301 },
        'value',
        ADMIN_MENU_MESSAGES.pricePercent,
      ],
      [
        { category_id: postres, mode: 'amount', value: 1.5 },
        'value',
        ADMIN_MENU_MESSAGES.priceAmount,
      ],
      [
        { category_id: postres, mode: 'amount', value: 'mil' },
        'value',
        ADMIN_MENU_MESSAGES.priceValue,
      ],
      [{ category_id: postres, mode: 'double', value: 5 }, 'mode', ADMIN_MENU_MESSAGES.priceMode],
      [
        { product_ids: [], mode: 'amount', value: 5 },
        'product_ids',
        ADMIN_MENU_MESSAGES.priceProducts,
      ],
      [
        { product_ids: [999999], mode: 'amount', value: 5 },
        'product_ids',
        ADMIN_MENU_MESSAGES.productNotFound,
      ],
      [
        { category_id: 999999, mode: 'amount', value: 5 },
        'category_id',
        ADMIN_MENU_MESSAGES.categoryNotFound,
      ],
      [
        { category_id: postres, branch_id: 999999, mode: 'amount', value: 5 },
        'branch_id',
        ADMIN_MENU_MESSAGES.branchNotFound,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('POST', '/api/admin/prices/preview', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(body)).toContain(message);
    }
    const noVersion = await send('POST', '/api/admin/prices/apply', {
      category_id: postres,
      mode: 'amount',
      value: 5,
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().errors.version).toEqual([ADMIN_MENU_MESSAGES.pricePreview]);

    const body = { category_id: postres, mode: 'amount', value: 500 };
    const shown = await preview(body);
    for (const [path, payload] of [
      ['/api/admin/prices/preview', body],
      ['/api/admin/prices/apply', { ...body, version: shown.version }],
    ] as const) {
      const res = await send('POST', path, payload, tokens.staff);
      expect(res.statusCode).toBe(403);
    }
    expect(await allPrices()).toEqual(before);
  });
});
