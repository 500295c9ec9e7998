import {
  bannerListResponse,
  branchListResponse,
  categoryListResponse,
  categoryResponse,
  couponResponse,
  isOpenAt,
  paymentTypeListResponse,
  productResponse,
  surveyParameterListResponse,
  unitPrice,
} from '@comanda/shared';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoChain } from '../../../src/db/seed/demo-chain';
import { buildTestApp, type TestApp } from '../../helpers/app';

let t: TestApp;
let branchIdBySlug: Map<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject('/api/branch-office');
  branchIdBySlug = new Map(branchListResponse.parse(res.json()).results.map((b) => [b.slug, b.id]));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const idOf = (slug: string) => {
  const id = branchIdBySlug.get(slug);
  if (id === undefined) throw new Error(`no branch ${slug}`);
  return id;
};
const allProducts = demoChain.categories.flatMap((c) =>
  c.products.map((p) => ({ ...p, category: c.slug })),
);

describe('GET /api/branch-office', () => {
  it('lists every demo branch with hours, coverage and whether it is open now', async () => {
    const res = await get('/api/branch-office');
    expect(res.statusCode).toBe(200);
    const { results } = branchListResponse.parse(res.json());
    expect(results.map((b) => b.title)).toEqual(demoChain.branches.map((b) => b.title));
    expect(results.map((b) => b.title)).toContain('Campiña');
    for (const branch of results) {
      // The app's clock (decision 067), not the wall's: they differ in the midnight run.
      expect(branch.open_now).toBe(isOpenAt(branch.opening_hours, new Date(t.clock.now())));
    }
    const allDay = results.filter(
      (b) =>
        b.opening_hours.length === 7 &&
        b.opening_hours.every((h) => h.opens === '00:00' && h.closes === '24:00'),
    );
    expect(allDay.length).toBeGreaterThanOrEqual(1);
    expect(allDay.every((b) => b.open_now)).toBe(true);
  });

  it('says where each branch is: the pickup list measures the customer’s distance from it', async () => {
    const { results } = branchListResponse.parse((await get('/api/branch-office')).json());
    expect(results.map((b) => b.location)).toEqual(demoChain.branches.map((b) => b.point));
  });
});

describe('GET /api/category-client', () => {
  it('lists the categories in menu order with photos that the server serves', async () => {
    const res = await get('/api/category-client');
    expect(res.statusCode).toBe(200);
    const { results } = categoryListResponse.parse(res.json());
    expect(results.map((c) => c.slug)).toEqual(demoChain.categories.map((c) => c.slug));
    const photo = await get(results[0]!.photo);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(photo.headers['cache-control']).toContain('immutable');
  });
});

describe('GET /api/category/:slug/:branchId', () => {
  it('answers the category with its products, priced and marked for that branch', async () => {
    const soldOut = allProducts.find((p) => p.soldOutAt?.includes('campina'));
    expect(soldOut, 'the demo chain sells out something at Campiña').toBeDefined();
    const res = await get(`/api/category/${soldOut!.category}/${idOf('campina')}`);
    expect(res.statusCode).toBe(200);
    const { results } = categoryResponse.parse(res.json());
    const demoCategory = demoChain.categories.find((c) => c.slug === soldOut!.category)!;
    expect(results.title).toBe(demoCategory.title);
    expect(results.products.map((p) => p.slug)).toEqual(demoCategory.products.map((p) => p.slug));
    const card = results.products.find((p) => p.slug === soldOut!.slug)!;
    expect(card).toMatchObject({ available: false, unavailable_reason: 'sold_out' });
  });

  it('shows a product sold out at one branch as available at a branch that has it', async () => {
    const soldOut = allProducts.find((p) => p.soldOutAt?.includes('campina'))!;
    const other = demoChain.branches.find(
      (b) => !soldOut.soldOutAt?.includes(b.slug) && !soldOut.notOfferedAt?.includes(b.slug),
    )!;
    const res = await get(`/api/category/${soldOut.category}/${idOf(other.slug)}`);
    const card = categoryResponse
      .parse(res.json())
      .results.products.find((p) => p.slug === soldOut.slug)!;
    expect(card).toMatchObject({ available: true, unavailable_reason: null });
  });

  it("uses a branch's own price where it has one", async () => {
    const priced = allProducts.find(
      (p) => p.branchPrices && Object.keys(p.branchPrices).length > 0,
    );
    expect(priced, 'the demo chain has a per-branch price').toBeDefined();
    const [slug, price] = Object.entries(priced!.branchPrices!)[0]!;
    const res = await get(`/api/category/${priced!.category}/${idOf(slug)}`);
    const card = categoryResponse
      .parse(res.json())
      .results.products.find((p) => p.slug === priced!.slug)!;
    expect(card.price).toBe(price);
    expect(price).not.toBe(priced!.price);
  });

  it('marks a product the branch does not sell', async () => {
    const missing = allProducts.find((p) => (p.notOfferedAt ?? []).length > 0);
    expect(missing).toBeDefined();
    const res = await get(`/api/category/${missing!.category}/${idOf(missing!.notOfferedAt![0]!)}`);
    const card = categoryResponse
      .parse(res.json())
      .results.products.find((p) => p.slug === missing!.slug)!;
    expect(card).toMatchObject({ available: false, unavailable_reason: 'not_offered' });
  });

  it('answers 404 in Spanish for an unknown category or branch', async () => {
    const unknownCategory = await get(`/api/category/no-existe/${idOf('campina')}`);
    expect(unknownCategory.statusCode).toBe(404);
    expect(unknownCategory.json()).toEqual({ message: 'No encontramos esa categoría.' });

    const unknownBranch = await get(`/api/category/${demoChain.categories[0]!.slug}/999999`);
    expect(unknownBranch.statusCode).toBe(404);
    expect(unknownBranch.json()).toEqual({ message: 'No encontramos esa sede.' });
  });
});

describe('GET /api/products/:slug/:branchId', () => {
  it('answers the product with its option groups, none preselected', async () => {
    const withGroups = allProducts.find(
      (p) => p.groups?.some((g) => g.required) && p.groups.some((g) => !g.required),
    )!;
    expect(withGroups, 'a product with required and optional groups').toBeDefined();
    const branch = demoChain.branches.find((b) => !withGroups.notOfferedAt?.includes(b.slug))!;
    const res = await get(`/api/products/${withGroups.slug}/${idOf(branch.slug)}`);
    expect(res.statusCode).toBe(200);
    const { results } = productResponse.parse(res.json());
    expect(results.title).toBe(withGroups.title);
    expect(results.favorite).toBeNull();
    expect(results.modifier_group.map((g) => [g.title, g.required, g.type_input])).toEqual(
      withGroups.groups!.map((g) => [g.title, g.required, g.type_input]),
    );
    for (const [i, group] of results.modifier_group.entries()) {
      expect(group.modifiers_product.map((o) => [o.title, o.price, o.selected])).toEqual(
        withGroups.groups![i]!.options.map((o) => [o.title, o.price, false]),
      );
      for (const option of group.modifiers_product) expect(option.modifier.title).toBeTruthy();
    }
  });

  it('prices a priced size through the shared rule as the customer will see it', async () => {
    const sized = allProducts.find((p) =>
      p.groups?.some((g) => g.required && g.options.some((o) => o.price > 0)),
    );
    expect(sized, 'a product with a priced required choice').toBeDefined();
    const branch = demoChain.branches.find(
      (b) => !sized!.notOfferedAt?.includes(b.slug) && !sized!.branchPrices?.[b.slug],
    )!;
    const { results } = productResponse.parse(
      (await get(`/api/products/${sized!.slug}/${idOf(branch.slug)}`)).json(),
    );
    const required = results.modifier_group.find(
      (g) => g.required && g.modifiers_product.some((o) => o.price > 0),
    )!;
    const largest = required.modifiers_product.reduce((a, b) => (b.price > a.price ? b : a));
    largest.selected = true;
    expect(unitPrice(results)).toBe(largest.price);
  });

  it('answers 404 for an unknown product or branch', async () => {
    expect((await get(`/api/products/no-existe/${idOf('campina')}`)).json()).toEqual({
      message: 'No encontramos ese producto.',
    });
    const res = await get(`/api/products/${allProducts[0]!.slug}/424242`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No encontramos esa sede.' });
  });
});

describe('lists', () => {
  it('GET /api/banner answers the banners with images', async () => {
    const { results } = bannerListResponse.parse((await get('/api/banner')).json());
    expect(results).toHaveLength(demoChain.banners.length);
    expect(results.length).toBeGreaterThanOrEqual(3);
    expect(results.every((b) => b.real_image.startsWith('/images/'))).toBe(true);
  });

  it('GET /api/cart-type-payment answers the payment methods, none preselected, each saying how it is paid', async () => {
    const { results } = paymentTypeListResponse.parse((await get('/api/cart-type-payment')).json());
    expect(
      results.map(({ parameter, online, cash, test }) => ({
        name: parameter.description,
        online,
        cash,
        test,
      })),
    ).toEqual([
      { name: 'Efectivo', online: false, cash: true, test: false },
      { name: 'Datáfono', online: false, cash: false, test: false },
      { name: 'Transferencia', online: false, cash: false, test: false },
      // The tests run with the payment simulator: no real money, and the storefront says so.
      { name: 'Pago en línea: tarjeta, PSE o Nequi', online: true, cash: false, test: true },
    ]);
    expect(results.every((p) => p.selected === false)).toBe(true);
  });

  it('GET /api/parameters-segment/survey answers the survey choices', async () => {
    const { results } = surveyParameterListResponse.parse(
      (await get('/api/parameters-segment/survey')).json(),
    );
    expect(results.map((p) => p.description)).toEqual(demoChain.surveyParameters);
  });

  it('GET /api/parameters-segment/:unknown answers 404', async () => {
    const res = await get('/api/parameters-segment/nada');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No encontramos esos parámetros.');
  });

  it("GET /api/coupon-branch/:id answers the branch's coupon images at the top level", async () => {
    const res = await get(`/api/coupon-branch/${idOf('campina')}`);
    expect(res.statusCode).toBe(200);
    const coupon = couponResponse.parse(res.json());
    const demo = demoChain.coupons.find((c) => c.branch === 'campina')!;
    expect(coupon.main_image).toBe(demo.main_image);
    expect(coupon.confirmation_image).toBe(demo.confirmation_image);
    expect((await get('/api/coupon-branch/99999')).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const category = () => demoChain.categories[0]!.slug;
  it.each([
    ['a non-numeric branch', () => `/api/category/${category()}/abc`],
    ['a zero branch', () => `/api/category/${category()}/0`],
    ['a negative branch', () => `/api/category/${category()}/-4`],
    ['a fractional branch', () => `/api/products/${category()}/1.5`],
    ['an overflowing branch', () => `/api/category/${category()}/99999999999999999999`],
    ['a slug with capitals', () => `/api/category/Hamburguesas/1`],
    ['a slug with quotes', () => `/api/products/${encodeURIComponent("x' or 1=1 --")}/1`],
    ['a slug with a path', () => `/api/products/${encodeURIComponent('../../etc/passwd')}/1`],
    ['a huge slug', () => `/api/products/${'a'.repeat(150)}/1`],
    ['a non-numeric coupon branch', () => '/api/coupon-branch/campina'],
    ['an odd segment', () => `/api/parameters-segment/${encodeURIComponent('survey;drop')}`],
  ])('answers 400 with a Spanish message for %s', async (_, url) => {
    const res = await get(url());
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Los datos de la solicitud no son válidos.');
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers an unknown API route with a JSON 404 in Spanish', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Esta dirección no existe.' });
  });

  it('answers a write to a read-only route with a 404, not a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/banner',
      payload: { real_image: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('HTTP caching and compression', () => {
  it('answers 304 to a request that already has the current ETag', async () => {
    const first = await get('/api/category-client');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const second = await get('/api/category-client', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const stale = await get('/api/category-client', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('gives different resources different ETags', async () => {
    const a = await get('/api/category-client');
    const b = await get('/api/banner');
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it('compresses with gzip or brotli when the client accepts it, with the same content', async () => {
    const plain = await get('/api/branch-office');
    const gzip = await t.app.inject({
      url: '/api/branch-office',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const br = await t.app.inject({
      url: '/api/branch-office',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });
});
