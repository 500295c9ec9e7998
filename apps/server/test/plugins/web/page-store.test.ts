import { adminProductSchema, oneOf, productUpdateBodyOf, type AdminProduct } from '@comanda/shared';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STALE_GRACE_MS } from '../../../src/plugins/web/page-store';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, login } from '../../helpers/ordering';

// The rendered pages are served stale while their next version is made, made again only where
// a change touched them, and rendered side by side (decision 089). The stand-in server entry
// renders from the catalogue's answers the way the storefront's pages do (the menu from the
// category list, a category and a product from the branch's answers), notes each render, and
// can be held open (`gate`) so that what is served while a render runs can be seen.

interface Hooks {
  renders: string[];
  gate: Promise<void> | null;
}
const hooks: Hooks = { renders: [], gate: null };
(globalThis as { pageStoreTest?: Hooks }).pageStoreTest = hooks;
let open = () => {};
const hold = () => {
  hooks.gate = new Promise<void>((resolve) => {
    open = () => {
      hooks.gate = null;
      resolve();
    };
  });
};

let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'comanda-page-store-'));
  mkdirSync(join(webDist, '.ssr'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Comanda</title></head><div id="root"></div></html>',
  );
  writeFileSync(
    join(webDist, '.ssr', 'entry-server.js'),
    `const hooks = globalThis.pageStoreTest;
     const page = (body) => ({ status: 200, head: '', body, state: null });
     const missing = { status: 404, head: '', body: '<h1>No encontrado</h1>', state: null };
     export const isStorefrontPath = (path) =>
       path === '/menu' || path.startsWith('/category/') || path.startsWith('/producto/');
     export async function render(path, branchId, catalog, origin, delivery, brand) {
       hooks.renders.push(path + ' @' + branchId + ' ' + brand);
       if (hooks.gate) await hooks.gate;
       if (path === '/menu')
         return page((await catalog.categories()).map((c) => '<li>' + c.title + '</li>').join(''));
       const slug = path.slice(path.lastIndexOf('/') + 1);
       if (path.startsWith('/producto/')) {
         const product = await catalog.product(slug, branchId);
         return product ? page('<p>' + product.title + ' ' + product.price + ' @' + branchId + '</p><i>' + brand + '</i>') : missing;
       }
       const category = await catalog.category(slug, branchId);
       if (!category) return missing;
       return page(category.products.map((p) => '<li>' + p.title + ' ' + p.price + '</li>').join(''));
     }`,
  );
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

interface Catalogue {
  branches: number[];
  categories: { slug: string; id: number }[];
  /** A product of the first category and one of the second. */
  first: AdminProduct;
  second: AdminProduct;
}

describe('rendered pages made again off the request path', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let c: Catalogue;

  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST: webDist });
    admin = bearer(await login(t.app, 'admin@comanda.test'));
    const branches = (await t.app.inject('/api/branch-office')).json<{
      results: { id: number }[];
    }>().results;
    const categories = (await t.app.inject('/api/category-client')).json<{
      results: { slug: string; id: number }[];
    }>().results;
    const productOf = async (slug: string) => {
      const id = (await t.app.inject(`/api/category/${slug}/${branches[0]!.id}`)).json<{
        results: { products: { id: number }[] };
      }>().results.products[0]!.id;
      return adminOf(id);
    };
    c = {
      branches: branches.map((b) => b.id),
      categories,
      first: await productOf(categories[0]!.slug),
      second: await productOf(categories[1]!.slug),
    };
  });
  afterAll(() => t.close());
  beforeEach(() => {
    hooks.renders.length = 0;
  });
  afterEach(async () => {
    open();
    await idle();
  });

  const idle = () => t.app.pageFastPath.source!.render.idle();
  /** Each render so far as `path @branch`, without the brand it was given. */
  const rendered = () => hooks.renders.map((r) => r.split(' ').slice(0, 2).join(' '));
  const adminOf = async (id: number) =>
    oneOf(adminProductSchema).parse(
      (await t.app.inject({ url: `/api/admin/products/${id}`, headers: admin })).json(),
    ).results;
  /** Saves the product with another price, as the editor does; answers the new price. */
  async function reprice(product: AdminProduct): Promise<number> {
    const current = await adminOf(product.id);
    const price = current.price + 100;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      headers: admin,
      payload: { ...productUpdateBodyOf(current), price },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return price;
  }
  const page = async (path: string, branch = c.branches[0]!, host = 'localhost:80') =>
    (await t.app.inject({ url: path, headers: { cookie: `comanda_branch=${branch}`, host } })).body;
  const productPage = (product: AdminProduct) => `/producto/${product.slug}`;
  const categoryPage = (index: number) => `/category/${c.categories[index]!.slug}`;

  it('serves the last good page while the next one is rendered, then the new one', async () => {
    const before = await page(productPage(c.first));
    hold();
    const price = await reprice(c.first);
    // The edit's render is held open: the request does not wait for it, it gets the old bytes.
    expect(rendered()).toContain(`${productPage(c.first)} @${c.branches[0]}`);
    expect(await page(productPage(c.first))).toBe(before);
    open();
    await idle();
    expect(await page(productPage(c.first))).toContain(` ${price} @`);
  });

  it('re-renders only the pages an edit touched: its product and its category, not the menu or another category', async () => {
    const paths = ['/menu', categoryPage(0), categoryPage(1), productPage(c.first)];
    paths.push(productPage(c.second));
    const before = new Map<string, string>();
    for (const path of paths) before.set(path, await page(path));
    const etag = async (index: number) =>
      (await t.app.inject(`/api/category/${c.categories[index]!.slug}/${c.branches[0]}`)).headers
        .etag;
    const otherEtag = await etag(1);
    const ownEtag = await etag(0);
    hooks.renders.length = 0;

    const price = await reprice(c.first);
    await idle();

    expect([...new Set(rendered())].sort()).toEqual(
      [`${categoryPage(0)} @${c.branches[0]}`, `${productPage(c.first)} @${c.branches[0]}`].sort(),
    );
    expect(await page(productPage(c.first))).toContain(` ${price} @`);
    expect(await page(categoryPage(0))).toContain(` ${price}<`);
    for (const path of ['/menu', categoryPage(1), productPage(c.second)])
      expect(await page(path), path).toBe(before.get(path));
    // The answers too: the other category's is the very one kept, its ETag unchanged.
    expect(await etag(1)).toBe(otherEtag);
    expect(await etag(0)).not.toBe(ownEtag);
    expect(hooks.renders).toHaveLength(2);
  });

  it('keeps the menu when a product hidden leaves its category listed, and shows the category without it', async () => {
    const menu = await page('/menu');
    const categories = (await t.app.inject('/api/category-client')).headers.etag;
    await page(categoryPage(1));
    hooks.renders.length = 0;
    const current = await adminOf(c.second.id);
    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${c.second.id}/visibility`,
      headers: admin,
      payload: { hidden: true, version: current.version },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await idle();
    try {
      expect(await page(categoryPage(1))).not.toContain(`${c.second.title} `);
      // The list was made again (a hidden product can unlist its category) and read the same.
      expect((await t.app.inject('/api/category-client')).headers.etag).toBe(categories);
      expect(await page('/menu')).toBe(menu);
      expect(rendered().filter((r) => r.startsWith('/menu'))).toEqual([]);
    } finally {
      const again = await adminOf(c.second.id);
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${c.second.id}/visibility`,
        headers: admin,
        payload: { hidden: false, version: again.version },
      });
    }
  });

  it('shows an edit within a second: past the grace a request waits for the page made after it', async () => {
    await page(productPage(c.first));
    hold();
    const price = await reprice(c.first);
    t.clock.advance(STALE_GRACE_MS);
    let answered = false;
    const waiting = page(productPage(c.first)).then((body) => {
      answered = true;
      return body;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    open();
    expect(await waiting).toContain(` ${price} @`);
  });

  it('makes an edited page again as soon as the save is heard, before anyone asks for it', async () => {
    await page(productPage(c.first));
    hooks.renders.length = 0;
    const price = await reprice(c.first);
    // No request in between: the save alone had the page rendered again.
    await idle();
    expect(rendered()).toContain(`${productPage(c.first)} @${c.branches[0]}`);
    const made = hooks.renders.length;
    // The request gets the page made then, and renders nothing itself.
    expect(await page(productPage(c.first))).toContain(` ${price} @`);
    expect(hooks.renders).toHaveLength(made);
  });

  it('makes a page with the new brand name after a rename, even while a render with the old one runs', async () => {
    const path = productPage(c.first);
    await page(path);
    hold();
    await reprice(c.first); // its render, with the old name, held open
    const { name, short_name, color, version } = (
      await t.app.inject({ url: '/api/admin/brand', headers: admin })
    ).json<{ name: string; short_name: string; color: string; version: number }>();
    const brand = { name, short_name, color, version };
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/brand',
      headers: admin,
      payload: { ...brand, name: 'Brasa Nueva' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const next = page(path);
    open();
    expect(await next).toContain('<i>Brasa Nueva</i>');
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/brand',
      headers: admin,
      payload: { ...brand, version: brand.version + 1 },
    });
  });

  it('renders two visitors’ pages side by side, each with its own branch', async () => {
    const [one, two] = c.branches as [number, number];
    const path = productPage(c.second);
    // Asked at a host of their own, kept for neither visitor: both requests render, both held.
    hold();
    const both = Promise.all([page(path, one, 'a.test'), page(path, two, 'a.test')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = rendered().filter((r) => r.startsWith(path));
    expect(started.sort()).toEqual([`${path} @${one}`, `${path} @${two}`].sort());
    open();
    const [pageOne, pageTwo] = await both;
    expect(pageOne).toContain(` @${one}</p>`);
    expect(pageTwo).toContain(` @${two}</p>`);
  });
});
