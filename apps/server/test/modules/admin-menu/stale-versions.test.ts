import {
  adminBranchProductSchema,
  adminCategorySchema,
  adminProductSchema,
  adminProductSummarySchema,
  listOf,
  oneOf,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, login } from '../../helpers/ordering';
import { expectStaleSaveRefused } from '../../lib/stale-version';

// Every entity of the back office's menu is saved under its version (decision 032): a save made
// from a copy someone else saved since is refused with the current copy, and nothing changes.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@comanda.test');
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(admin),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const categories = async () =>
  listOf(adminCategorySchema).parse((await send('GET', '/api/admin/categories')).json()).results;
const firstCategory = async () => (await categories())[0]!;
const category = async (id: number) => (await categories()).find((c) => c.id === id)!;
const product = async (id: number) =>
  oneOf(adminProductSchema).parse((await send('GET', `/api/admin/products/${id}`)).json()).results;
const firstProduct = async () =>
  listOf(adminProductSummarySchema).parse((await send('GET', '/api/admin/products')).json())
    .results[0]!;

describe('a stale version', () => {
  it('is refused on a category edit', async () => {
    const { id } = await firstCategory();
    await expectStaleSaveRefused(t.database, {
      read: () => category(id),
      save: (version, round) =>
        send('PUT', `/api/admin/categories/${id}`, {
          title: `Categoría ${round}`,
          photo: '/images/x.webp',
          version,
        }),
    });
  });

  it('is refused on hiding a category', async () => {
    const { id } = await firstCategory();
    await expectStaleSaveRefused(t.database, {
      read: () => category(id),
      save: (version, round) =>
        send('PUT', `/api/admin/categories/${id}/visibility`, {
          hidden: round === 'first',
          version,
        }),
    });
  });

  it('is refused on a product edit, with the editor’s own message', async () => {
    const { id } = await firstProduct();
    const read = await product(id);
    const body = {
      category_id: read.category_id,
      description: read.description,
      description_eco: read.description_eco,
      image: read.image,
      modifier_group: read.modifier_group.map((g) => ({
        ...g,
        modifiers_product: g.modifiers_product,
      })),
    };
    await expectStaleSaveRefused(t.database, {
      read: () => product(id),
      save: (version, round) =>
        send('PUT', `/api/admin/products/${id}`, {
          ...body,
          title: `Producto ${round}`,
          price: round === 'first' ? 1000 : 2000,
          version,
        }),
    });
  });

  it('is refused on hiding a product', async () => {
    const { id } = await firstProduct();
    await expectStaleSaveRefused(t.database, {
      read: () => product(id),
      save: (version, round) =>
        send('PUT', `/api/admin/products/${id}/visibility`, { hidden: round === 'first', version }),
    });
  });

  it('is refused on a product at a branch (which starts at 1 without a row of its own)', async () => {
    const { id } = await firstProduct();
    const states = async () =>
      listOf(adminBranchProductSchema).parse(
        (await send('GET', `/api/admin/products/${id}/branches`)).json(),
      ).results;
    const branchId = (await states()).at(-1)!.branch_id;
    await expectStaleSaveRefused(t.database, {
      read: async () => (await states()).find((s) => s.branch_id === branchId)!,
      save: (version, round) =>
        send('PUT', `/api/admin/branches/${branchId}/products/${id}`, {
          offered: true,
          price: round === 'first' ? 1234 : 4321,
          sold_out: false,
          version,
        }),
    });
  });

  it('is refused after the console’s sold-out switch moved the product at the branch on', async () => {
    const all = listOf(adminProductSummarySchema).parse(
      (await send('GET', '/api/admin/products')).json(),
    ).results;
    const { id } = all.find((p) => !p.hidden)!;
    const states = async () =>
      listOf(adminBranchProductSchema).parse(
        (await send('GET', `/api/admin/products/${id}/branches`)).json(),
      ).results;
    const read = (await states())[0]!;
    const switched = await send(
      'PUT',
      `/api/staff/branches/${read.branch_id}/products/${id}/availability`,
      { sold_out: !read.sold_out },
    );
    expect(switched.statusCode, switched.body).toBe(200);
    const stale = await send('PUT', `/api/admin/branches/${read.branch_id}/products/${id}`, {
      offered: read.offered,
      price: read.price,
      sold_out: read.sold_out,
      version: read.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      oneOf(adminBranchProductSchema).parse({
        results: (stale.json() as { current: unknown }).current,
      }).results,
    ).toMatchObject({ sold_out: !read.sold_out });
  });

  it('is not needed: a save without one still works (an older client)', async () => {
    const { id, title, photo, version } = await firstCategory();
    const res = await send('PUT', `/api/admin/categories/${id}`, { title, photo });
    expect(res.statusCode).toBe(200);
    expect(oneOf(adminCategorySchema).parse(res.json()).results.version).toBe(version + 1);
  });
});
