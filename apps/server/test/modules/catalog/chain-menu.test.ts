import {
  branchListResponse,
  categoryResponse,
  chainCategoryResponse,
  chainProductResponse,
  productResponse,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoChain } from '../../../src/db/seed/demo-chain';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, login } from '../../helpers/ordering';

let t: TestApp;
let branchIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject('/api/branch-office');
  branchIds = branchListResponse.parse(res.json()).results.map((b) => b.id);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const allProducts = demoChain.categories.flatMap((c) =>
  c.products.map((p) => ({ ...p, category: c.slug })),
);

/** What every branch answers for one product: its card in the category at each branch. */
async function cardsAtEveryBranch(categorySlug: string, productSlug: string) {
  return Promise.all(
    branchIds.map(async (id) => {
      const res = await get(`/api/category/${categorySlug}/${id}`);
      return categoryResponse
        .parse(res.json())
        .results.products.find((p) => p.slug === productSlug)!;
    }),
  );
}

describe('GET /api/menu/category/:slug (before a branch is chosen)', () => {
  it('prices each product at the lowest price of the branches that sell it, and says when that varies', async () => {
    const priced = allProducts.find((p) => p.branchPrices && Object.keys(p.branchPrices).length);
    expect(priced, 'the demo chain has a per-branch price').toBeDefined();
    const res = await get(`/api/menu/category/${priced!.category}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const card = chainCategoryResponse
      .parse(res.json())
      .results.products.find((p) => p.slug === priced!.slug)!;
    const selling = (await cardsAtEveryBranch(priced!.category, priced!.slug)).filter(
      (c) => c.unavailable_reason !== 'not_offered',
    );
    const lowest = Math.min(...selling.map((c) => c.price));
    expect(card.price).toBe(lowest);
    expect(card.price_varies).toBe(selling.some((c) => c.price !== lowest));
    expect(card.price_varies).toBe(true);
  });

  it('lists a product some branch sells, and drops one no branch sells', async () => {
    const missing = allProducts.find((p) => (p.notOfferedAt ?? []).length > 0)!;
    const res = await get(`/api/menu/category/${missing.category}`);
    const { results } = chainCategoryResponse.parse(res.json());
    const everywhereMissing = (p: (typeof allProducts)[number]) =>
      (p.notOfferedAt ?? []).length === demoChain.branches.length;
    const expected = demoChain.categories
      .find((c) => c.slug === missing.category)!
      .products.filter((p) => !everywhereMissing({ ...p, category: missing.category }))
      .map((p) => p.slug);
    expect(results.products.map((p) => p.slug)).toEqual(expected);
    expect(results.products.find((p) => p.slug === missing.slug)).toMatchObject({
      available: true,
    });
  });

  it('answers 404 in Spanish for an unknown category, 400 for a malformed slug', async () => {
    const unknown = await get('/api/menu/category/no-existe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No encontramos esa categoría.' });
    expect((await get('/api/menu/category/%00%3Cx%3E')).statusCode).toBe(400);
  });

  it('follows a sold-out switch: sold out everywhere is sold out for the chain, back at one branch is back', async () => {
    const slug = allProducts.find((p) => !p.notOfferedAt?.length && !p.soldOutAt?.length)!;
    const product = productResponse.parse(
      (await get(`/api/products/${slug.slug}/${branchIds[0]}`)).json(),
    ).results;
    const staff = await login(t.app, 'staff@comanda.test');
    const switchAt = async (branchId: number, soldOut: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/staff/branches/${branchId}/products/${product.id}/availability`,
        headers: bearer(staff),
        payload: { sold_out: soldOut },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const chainCard = async () =>
      chainCategoryResponse
        .parse((await get(`/api/menu/category/${slug.category}`)).json())
        .results.products.find((p) => p.slug === slug.slug)!;

    expect(await chainCard()).toMatchObject({ available: true });
    for (const id of branchIds) await switchAt(id, true);
    expect(await chainCard()).toMatchObject({ available: false, unavailable_reason: 'sold_out' });
    const chainProduct = chainProductResponse.parse(
      (await get(`/api/menu/products/${slug.slug}`)).json(),
    ).results;
    expect(chainProduct).toMatchObject({ available: false, unavailable_reason: 'sold_out' });
    await switchAt(branchIds[1]!, false);
    expect(await chainCard()).toMatchObject({ available: true, unavailable_reason: null });
    for (const id of branchIds) await switchAt(id, false);
  });
});

describe('GET /api/menu/products/:slug (before a branch is chosen)', () => {
  it('answers the product with its option groups at its lowest price, never a favourite', async () => {
    const withGroups = allProducts.find(
      (p) => p.branchPrices && Object.keys(p.branchPrices).length,
    )!;
    const res = await get(`/api/menu/products/${withGroups.slug}`);
    expect(res.statusCode).toBe(200);
    const { results } = chainProductResponse.parse(res.json());
    const atBranches = await cardsAtEveryBranch(withGroups.category, withGroups.slug);
    const selling = atBranches.filter((c) => c.unavailable_reason !== 'not_offered');
    expect(results.price).toBe(Math.min(...selling.map((c) => c.price)));
    expect(results.favorite).toBeNull();
    const atOneBranch = productResponse.parse(
      (await get(`/api/products/${withGroups.slug}/${branchIds[0]}`)).json(),
    ).results;
    expect(results.modifier_group).toEqual(atOneBranch.modifier_group);
  });

  it('answers 404 in Spanish for an unknown product', async () => {
    const res = await get('/api/menu/products/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No encontramos ese producto.' });
  });
});
