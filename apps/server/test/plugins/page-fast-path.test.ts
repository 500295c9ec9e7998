import { categoryResponse } from '@comanda/shared';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';
import { bearer, login } from '../helpers/ordering';
import { headerOf, rawRequest } from '../helpers/raw-answer';
import { listen } from '../helpers/sockets';

// The rendered pages' fast path (plugins/web/page-fast-path.ts) answers on the real server,
// before Fastify: every request here goes over a socket. The stand-in server entry renders
// /menu from the categories, and a category from the branch's answer (or the chain's without a
// branch), so each page depends on the catalogue answers the real storefront's pages do.

let webDist: string;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'comanda-page-fast-path-'));
  mkdirSync(join(webDist, '.ssr'));
  mkdirSync(join(webDist, '.vite'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Comanda</title><link rel="stylesheet" crossorigin href="/assets/entry.css"></head><div id="root"></div></html>',
  );
  // /menu's screen has a stylesheet of its own: its page carries both inline, under its CSP.
  writeFileSync(join(webDist, 'assets', 'entry.css'), 'body{margin:0}');
  writeFileSync(join(webDist, 'assets', 'menu.css'), 'ul{padding:0}');
  writeFileSync(
    join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/entry.js', isEntry: true },
      'src/app/routes/menu.tsx': { file: 'assets/menu.js', css: ['assets/menu.css'] },
    }),
  );
  writeFileSync(
    join(webDist, '.ssr', 'entry-server.js'),
    `export const isStorefrontPath = (path) => path === '/menu' || path.startsWith('/category/');
     const row = (p) => '<li>' + p.title + ' ' + p.price + ' ' + (p.available === false ? 'agotado' : '') + '</li>';
     export async function render(path, branchId, catalog) {
       if (path === '/menu') {
         const categories = await catalog.categories();
         return { status: 200, head: '', body: '<ul>' + categories.map((c) => '<li>' + c.title + '</li>').join('').repeat(20) + '</ul>', state: null };
       }
       const slug = path.slice('/category/'.length);
       const category = branchId === null ? await catalog.chainCategory(slug) : await catalog.category(slug, branchId);
       if (!category) return { status: 404, head: '', body: '<h1>No encontramos esta categoría</h1>', state: null };
       return { status: 200, head: '', body: '<ul>' + category.products.map(row).join('').repeat(10) + '</ul>', state: null };
     }`,
  );
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

async function appServing(config: { TRUST_PROXY?: boolean } = {}) {
  const t = await buildTestApp({ WEB_DIST: webDist, ...config });
  return { t, base: await listen(t.app) };
}

/** The page fast path's count of answers (the web plugin's, through the app's server). */
function answered(t: TestApp) {
  return t.app.pageFastPath.answered;
}

describe('rendered pages fast path', () => {
  let t: TestApp;
  let base: string;
  let branchId: number;
  let slug: string;
  beforeAll(async () => {
    ({ t, base } = await appServing());
    branchId = (await t.app.inject('/api/branch-office')).json<{ results: { id: number }[] }>()
      .results[0]!.id;
    slug = (await t.app.inject('/api/category-client')).json<{ results: { slug: string }[] }>()
      .results[0]!.slug;
  });
  afterAll(() => t.close());

  /** The same request answered by the fast path and then, with it stopped, by the page route. */
  async function bothWays(path: string, headers: Record<string, string> = {}) {
    await rawRequest(base, path, headers); // renders and keeps the page
    const before = answered(t);
    const fast = await rawRequest(base, path, headers);
    expect(answered(t), `the fast path answers ${path}`).toBe(before + 1);
    const fastPath = t.app.pageFastPath;
    const source = fastPath.source!;
    fastPath.stop();
    try {
      const routed = await rawRequest(base, path, headers);
      expect(answered(t)).toBe(before + 1);
      return { fast, routed };
    } finally {
      fastPath.start(source);
    }
  }

  async function routed(path: string, headers: Record<string, string> = {}, method = 'GET') {
    const before = answered(t);
    const answer = await rawRequest(base, path, headers, method);
    expect(answered(t), `${method} ${path} is left to the route`).toBe(before);
    return answer;
  }

  it('answers a kept page with the very status, headers and bytes of the route, plain and compressed', async () => {
    const cookie = { cookie: `comanda_branch=${branchId}` };
    for (const [path, headers] of [
      ['/menu', {}],
      ['/menu', BROWSER],
      ['/menu?utm_source=folleto', BROWSER],
      [`/category/${slug}`, BROWSER],
      [`/category/${slug}`, { ...BROWSER, ...cookie }],
      [`/category/${slug}`, { 'accept-encoding': 'gzip', ...cookie }],
      ['/category/no-existe', BROWSER],
    ] as const) {
      const { fast, routed } = await bothWays(path, headers);
      expect(fast.status, path).toBe(path === '/category/no-existe' ? 404 : 200);
      expect(fast.headers, `${path} ${JSON.stringify(headers)}`).toEqual(routed.headers);
      expect(fast.body.equals(routed.body)).toBe(true);
    }
    const { fast } = await bothWays('/menu', BROWSER);
    expect(headerOf(fast, 'content-encoding')).toBe('br');
    expect(headerOf(fast, 'vary')).toBe('Cookie, Accept-Encoding');
    expect(headerOf(fast, 'content-security-policy')).toContain("default-src 'self'");
    // The page's inline stylesheets' hashes: the same header the route sends (compared above).
    expect(headerOf(fast, 'content-security-policy')).toMatch(
      /style-src 'self' 'sha256-[^']+' 'sha256-[^']+';/,
    );
    expect(brotliDecompressSync(fast.body).toString()).toContain('<style>ul{padding:0}</style>');
    expect(brotliDecompressSync(fast.body).toString()).toContain('<div id="root"><ul><li>');
  });

  it('leaves to the route what is not a kept page made of fresh answers', async () => {
    await rawRequest(base, '/menu');
    expect((await routed('/menu', {}, 'HEAD')).status).toBe(200);
    expect((await routed('/no-such-page')).status).toBe(404);
    expect((await routed('/carrito')).status).toBe(404);
    // Another branch's page is another page: rendered by the route first.
    expect((await routed(`/category/${slug}`, { cookie: 'comanda_branch=999999' })).status).toBe(
      404,
    );
  });

  it('sees a sold-out switch at once: the next request gets the page made after it, then the fast path serves that one', async () => {
    const path = `/category/${slug}`;
    const cookie = { cookie: `comanda_branch=${branchId}` };
    const before = (await bothWays(path, cookie)).fast;
    expect(before.body.toString()).not.toContain('agotado');

    const category = categoryResponse.parse(
      (await t.app.inject(`/api/category/${slug}/${branchId}`)).json(),
    );
    const staff = await login(t.app, 'staff@comanda.test');
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/branches/${branchId}/products/${category.results.products[0]!.id}/availability`,
      headers: bearer(staff),
      payload: { sold_out: true },
    });
    expect(switched.statusCode, switched.body).toBe(200);

    // Made again as soon as the switch was heard (decision 089): whichever path answers it, the
    // very next request never gets the page from before the switch.
    const rendered = await rawRequest(base, path, cookie);
    expect(rendered.body.toString()).toContain('agotado');
    const { fast } = await bothWays(path, cookie);
    expect(fast.body.equals(rendered.body)).toBe(true);
  });

  it('leaves a kept page to the route once an answer it was made of is no longer served fresh', async () => {
    const path = `/category/${slug}`;
    // The branch's page, and the chain's (merged from every branch's answer): each answered fast
    // more than once, so what the fast path keeps of its last look is in play too.
    const visitors: Record<string, string>[] = [{ cookie: `comanda_branch=${branchId}` }, {}];
    for (const headers of visitors) {
      await bothWays(path, headers);
      await bothWays(path, headers);
      // Pages still being made again (served stale meanwhile, decision 089) are done first.
      await t.app.pageFastPath.source!.render.idle();
      // Dropped from the cache without a change on the channel (which would empty the pages
      // too), as an answer past its TTL or its daypart is.
      t.app.catalog.invalidate({
        type: 'availability',
        branch_id: branchId,
        product_id: 1,
        sold_out: false,
      });
      expect((await routed(path, headers)).status).toBe(200);
      // The route had it rendered again from the answer read anew (sending the last good page
      // meanwhile): once made, the fast path serves that one.
      await t.app.pageFastPath.source!.render.idle();
      await bothWays(path, headers);
    }
  });
});

describe('rendered pages fast path behind a trusted proxy', () => {
  it('leaves to the route a request whose origin Fastify reads from X-Forwarded-*', async () => {
    const { t, base } = await appServing({ TRUST_PROXY: true });
    try {
      const forwarded = { 'x-forwarded-host': 'tienda.example', 'x-forwarded-proto': 'https' };
      await rawRequest(base, '/menu', forwarded);
      const before = answered(t);
      const answer = await rawRequest(base, '/menu', forwarded);
      expect(answer.status).toBe(200);
      expect(answered(t)).toBe(before);
      // Without them, the node's own origin: fast.
      await rawRequest(base, '/menu');
      await rawRequest(base, '/menu');
      expect(answered(t)).toBe(before + 1);
    } finally {
      await t.close();
    }
  });
});
