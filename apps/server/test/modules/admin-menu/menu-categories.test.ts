import {
  ADMIN_MENU_MESSAGES,
  ADMIN_MESSAGES,
  adminCategorySchema,
  auditListResponse,
  categoryListResponse,
  listOf,
  oneOf,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, login } from '../../helpers/ordering';

// The back office's categories: created with a slug made from the title, edited without
// changing it, reordered, hidden from storefronts (never deleted); admins only, every change
// in the change log.

let t: TestApp;
let tokens: { customer: string; campina: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  token = tokens.admin,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const one = oneOf(adminCategorySchema);
const list = listOf(adminCategorySchema);
const create = async (title: string) => {
  const res = await send('POST', '/api/admin/categories', { title, photo: '/images/postres.webp' });
  expect(res.statusCode, res.body).toBe(201);
  return one.parse(res.json()).results;
};
const lastAudit = async (entity: string) =>
  auditListResponse.parse((await send('GET', `/api/admin/audit?entity=${entity}`)).json())
    .results[0]!;
/** A published product in the category: the storefront lists no category without one. */
const fill = async (categoryId: number) => {
  const res = await send('POST', '/api/admin/products', {
    category_id: categoryId,
    title: `Producto de la categoría ${categoryId}`,
    description: 'Para que la tienda la muestre.',
    description_eco: 'Para mostrarla',
    price: 9000,
    image: '/images/postres.webp',
    modifier_group: [],
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, version } = res.json().results as { id: number; version: number };
  const shown = await send('PUT', `/api/admin/products/${id}/visibility`, {
    hidden: false,
    version,
  });
  expect(shown.statusCode, shown.body).toBe(200);
};
const storefrontSlugs = async () =>
  categoryListResponse
    .parse((await t.app.inject('/api/category-client')).json())
    .results.map((c) => c.slug);

describe('admin categories', () => {
  it('creates a category at the end of the menu with a slug made from its title, and logs it', async () => {
    const created = await create('Postres Caseros Ñoños');
    expect(created).toMatchObject({
      slug: 'postres-caseros-nonos',
      title: 'Postres Caseros Ñoños',
      hidden: false,
      products: 0,
    });
    const all = list.parse((await send('GET', '/api/admin/categories')).json()).results;
    expect(all.at(-1)!.id).toBe(created.id);
    // Empty, it is not on the storefront's menu yet; its first published product puts it there.
    expect(await storefrontSlugs()).not.toContain('postres-caseros-nonos');
    await fill(created.id);
    expect(await storefrontSlugs()).toContain('postres-caseros-nonos');
    expect(await lastAudit('category')).toMatchObject({
      action: 'create',
      entity_id: String(created.id),
      user: 'admin@comanda.test',
      summary: 'Categoría Postres Caseros Ñoños',
    });
  });

  it('keeps slugs unique with -2, -3 … and never changes a slug when the title is edited', async () => {
    const first = await create('Combos del día');
    const second = await create('Combos del dia');
    const third = await create('COMBOS DEL DÍA');
    expect([first.slug, second.slug, third.slug]).toEqual([
      'combos-del-dia',
      'combos-del-dia-2',
      'combos-del-dia-3',
    ]);

    const res = await send('PUT', `/api/admin/categories/${second.id}`, {
      title: 'Combos familiares',
      photo: '/images/combo.webp',
    });
    expect(res.statusCode).toBe(200);
    expect(one.parse(res.json()).results).toMatchObject({
      slug: 'combos-del-dia-2',
      title: 'Combos familiares',
      photo: '/images/combo.webp',
    });
    expect(await lastAudit('category')).toMatchObject({
      action: 'update',
      summary: 'Categoría Combos familiares: nombre «Combos del dia» → «Combos familiares», foto',
      before: { title: 'Combos del dia' },
    });
  });

  it('reorders with the full list of ids, and refuses a partial list in Spanish', async () => {
    const all = list.parse((await send('GET', '/api/admin/categories')).json()).results;
    const reversed = all.map((c) => c.id).reverse();
    const res = await send('PUT', '/api/admin/categories/order', { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(list.parse(res.json()).results.map((c) => c.id)).toEqual(reversed);
    const visible = all
      .filter((c) => !c.hidden && c.products > 0)
      .map((c) => c.slug)
      .reverse();
    expect(await storefrontSlugs()).toEqual(visible);
    expect(await lastAudit('category')).toMatchObject({ action: 'reorder' });

    const partial = await send('PUT', '/api/admin/categories/order', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors.ids).toEqual([ADMIN_MENU_MESSAGES.categoryOrder]);
    expect(
      list.parse((await send('GET', '/api/admin/categories')).json()).results.map((c) => c.id),
    ).toEqual(reversed);
  });

  it('hides a category from storefronts but keeps it (and lists it) for the admin, then shows it again', async () => {
    const created = await create('Temporada');
    await fill(created.id);
    const hidden = await send('PUT', `/api/admin/categories/${created.id}/visibility`, {
      hidden: true,
    });
    expect(one.parse(hidden.json()).results.hidden).toBe(true);
    expect(await storefrontSlugs()).not.toContain(created.slug);
    expect((await t.app.inject(`/api/category/${created.slug}/1`)).statusCode).toBe(404);
    expect(
      list
        .parse((await send('GET', '/api/admin/categories')).json())
        .results.find((c) => c.id === created.id)!.hidden,
    ).toBe(true);
    expect(await lastAudit('category')).toMatchObject({
      action: 'hide',
      summary: 'Categoría Temporada',
    });

    await send('PUT', `/api/admin/categories/${created.id}/visibility`, { hidden: false });
    expect(await storefrontSlugs()).toContain(created.slug);
    expect(await lastAudit('category')).toMatchObject({ action: 'show' });
  });

  it('refuses bad input in Spanish with nothing stored', async () => {
    const before = list.parse((await send('GET', '/api/admin/categories')).json()).results.length;
    const res = await send('POST', '/api/admin/categories', { title: '  ', photo: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: [ADMIN_MENU_MESSAGES.categoryTitle],
      photo: [ADMIN_MENU_MESSAGES.image],
    });
    const control = await send('POST', '/api/admin/categories', {
      title: 'Pos\u0000tres',
      photo: '/x.webp',
    });
    expect(control.statusCode).toBe(400);
    expect(list.parse((await send('GET', '/api/admin/categories')).json()).results).toHaveLength(
      before,
    );
    expect(
      (
        await send('PUT', '/api/admin/categories/999999', { title: 'Nada', photo: '/x.webp' })
      ).json(),
    ).toEqual({ message: ADMIN_MENU_MESSAGES.categoryNotFound });
  });

  it('answers 403 to staff and customers with nothing changed, and 401 without a token', async () => {
    const before = await send('GET', '/api/admin/categories');
    const category = list.parse(before.json()).results[0]!;
    for (const token of [tokens.campina, tokens.customer]) {
      const attempts = [
        await send('POST', '/api/admin/categories', { title: 'Intrusa', photo: '/x.webp' }, token),
        await send(
          'PUT',
          `/api/admin/categories/${category.id}`,
          { title: 'Intrusa', photo: '/x.webp' },
          token,
        ),
        await send(
          'PUT',
          `/api/admin/categories/${category.id}/visibility`,
          { hidden: true },
          token,
        ),
        await send('PUT', '/api/admin/categories/order', { ids: [category.id] }, token),
        await send('GET', '/api/admin/categories', undefined, token),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: ADMIN_MESSAGES.forbidden });
      }
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/categories',
          payload: { title: 'x', photo: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await send('GET', '/api/admin/categories')).body).toBe(before.body);
  });
});
