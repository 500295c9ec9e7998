import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  // A stand-in storefront build with the service worker and a server entry that knows
  // two routes (/menu and /carrito) and renders the not-found page for anything else.
  webDist = mkdtempSync(join(tmpdir(), 'comanda-web-files-'));
  mkdirSync(join(webDist, 'assets'));
  mkdirSync(join(webDist, '.ssr'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Comanda</title></head><div id="root"></div></html>',
  );
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(
    join(webDist, '.ssr', 'entry-server.js'),
    `export const isStorefrontPath = (path) => ['/menu', '/carrito'].includes(path) || path.startsWith('/panel');
     export async function render(path) {
       if (path === '/menu') return { status: 200, head: '', body: '<h1>Menú</h1>', state: null };
       if (path === '/carrito') return null;
       return { status: 404, head: '<title>No encontramos esta página</title>', body: '<h1>No encontramos esta página</h1>', state: null };
     }`,
  );
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('real files', () => {
  it('serves /favicon.ico as an icon made from the logo, not the app', async () => {
    const res = await t.app.inject('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An icon directory (reserved 0, type 1) of three images: 16, 32 and 48 px.
    expect([...res.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    expect([16, 32, 48].map((_, i) => res.rawPayload[6 + 16 * i])).toEqual([16, 32, 48]);
  });

  it('answers an unchanged icon 304, and names icons that do not exist 404', async () => {
    const first = await t.app.inject('/icons/maskable-192.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: '/icons/maskable-192.png',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await t.app.inject('/icons/nothing.png')).statusCode).toBe(404);
    expect((await t.app.inject('/icons/..%2Fsecret.png')).statusCode).toBe(404);
  });

  it('serves the service worker as JavaScript that is revalidated on every load', async () => {
    const res = await t.app.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("serves the manifest with the chain's name, colours and maskable icons", async () => {
    const res = await t.app.inject('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json<{
      name: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    }>();
    expect(manifest.name).toBe('La Brasa Dorada');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const size of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable'])
        expect(manifest.icons, `${size} ${purpose}`).toContainEqual(
          expect.objectContaining({ sizes: size, purpose }),
        );
    expect((await t.app.inject('/icons/icon-192.png')).headers['content-type']).toBe('image/png');
  });

  it('lists every category and product page in the sitemap', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'pedidos.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain('http://pedidos.test/menu');
    expect(locs).toContain('http://pedidos.test/category/hamburguesas');
    expect(locs).toContain('http://pedidos.test/producto/hamburguesa-clasica');
    // Every category of the catalogue, and no page twice.
    const categories = (await t.app.inject('/api/category-client')).json<{
      results: { slug: string }[];
    }>().results;
    for (const { slug } of categories)
      expect(locs).toContain(`http://pedidos.test/category/${slug}`);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.filter((loc) => loc?.includes('/producto/')).length).toBeGreaterThan(20);
  });
});

describe('real 404s', () => {
  it('answers an unknown path with HTTP 404 and the not-found page', async () => {
    for (const url of ['/no-existe', '/menu/extra', '/producto']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('No encontramos esta página');
    }
  });

  it("keeps 200 for the storefront's routes, rendered or not, and the console", async () => {
    for (const url of ['/menu', '/carrito', '/panel', '/panel/admin/sedes']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
  });

  it('answers an unknown file a plain 404', async () => {
    for (const url of ['/wp-login.php', '/favicon.png', '/apple-touch-icon.png']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });
});
