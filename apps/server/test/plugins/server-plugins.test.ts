import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  imageSources,
  SHOWN_IMAGE_SIZES,
  type Banner,
  type Branch,
  type Category,
  type CategoryWithProducts,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let webDist: string;
const INDEX_CSS = 'body{margin:0;font-family:system-ui}';
const MENU_CSS = '._menu{display:grid;gap:8px}';
/** A CSP source that lets exactly this inline stylesheet apply. */
const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

beforeAll(async () => {
  // A stand-in storefront build: what the SPA host serves does not depend on its content.
  webDist = mkdtempSync(join(tmpdir(), 'comanda-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="es"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" /><title>Comanda</title><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/index.css"></head><div id="root"></div></html>',
  );
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'assets', 'index.css'), INDEX_CSS);
  writeFileSync(join(webDist, 'assets', 'menu.css'), MENU_CSS);
  writeFileSync(join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /panel\n');
  // The build's manifest: the entry and the /menu screen, which shares a chunk with the entry.
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(
    join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_framework.js'] },
      '_framework.js': { file: 'assets/framework.js' },
      '_picture.js': { file: 'assets/picture.js', imports: ['_framework.js'] },
      'src/app/routes/menu.tsx': {
        file: 'assets/menu.js',
        imports: ['index.html', '_framework.js', '_picture.js'],
        css: ['assets/menu.css'],
      },
    }),
  );
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers', async () => {
    const res = await t.app.inject('/api/category-client');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('storefront host', () => {
  it.each(['/', '/menu', '/producto/hamburguesa-clasica', '/descuento/campina'])(
    'serves index.html for the deep link %s, revalidated on every load',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it("preloads a landing screen's data, and asks for its code, the screen's chunks included, after its first paint", async () => {
    const res = await t.app.inject('/menu');
    const menu = res.body;
    expect(menu).toContain('<link rel="preload" as="fetch" crossorigin href="/api/banner">');
    expect(menu).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/category-client">',
    );
    // The entry, then the screen's own chunks, named to one inline script; what the entry
    // already loads is not named twice, and nothing is fetched before the script says so.
    const script = /<script type="module" data-after-paint="([^"]*)">([^<]*)<\/script>/.exec(menu);
    expect(script?.[1]).toBe('/assets/index-abc123.js /assets/menu.js /assets/picture.js');
    expect(menu).not.toContain('<link rel="modulepreload"');
    expect(menu).not.toContain('src="/assets/index-abc123.js"');
    // The page's CSP allows exactly that script's text, and no other inline script.
    const scriptSrc = (csp: unknown) =>
      String(csp)
        .split('; ')
        .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc(res.headers['content-security-policy'])).toBe(
      `script-src 'self' ${hashSource(script?.[2] ?? '')}`,
    );
    // Any other page loads the entry as index.html does; the API keeps the plain CSP.
    for (const url of ['/menu/', '/producto/x', '/descuento/campina']) {
      const body = (await t.app.inject(url)).body;
      expect(body, url).toContain(
        '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
      );
      expect(body, url).not.toContain('data-after-paint');
    }
    const api = await t.app.inject('/api/category-client');
    expect(scriptSrc(api.headers['content-security-policy'])).toBe("script-src 'self'");
  });

  it("carries a landing screen's stylesheets inline, allowed by their hashes alone", async () => {
    const res = await t.app.inject('/menu');
    // Each stylesheet's text, then its file's link, disabled: the screen's chunk finds it there.
    expect(res.body).toContain(
      `<style>${INDEX_CSS}</style><link rel="stylesheet" crossorigin href="/assets/index.css" disabled>`,
    );
    expect(res.body).toContain(
      `<style>${MENU_CSS}</style><link rel="stylesheet" crossorigin href="/assets/menu.css" disabled>`,
    );
    expect(res.body).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
    const styleSrc = (csp: unknown) =>
      String(csp)
        .split('; ')
        .find((directive) => directive.startsWith('style-src'));
    expect(styleSrc(res.headers['content-security-policy'])).toBe(
      `style-src 'self' ${hashSource(INDEX_CSS)} ${hashSource(MENU_CSS)}`,
    );
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
    // A path that is not a landing screen keeps index.html's link; the API keeps the plain CSP.
    const other = (await t.app.inject('/descuento/campina')).body;
    expect(other).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(other).not.toContain('<style>');
    const api = await t.app.inject('/api/category-client');
    expect(styleSrc(api.headers['content-security-policy'])).toBe("style-src 'self'");
  });

  it("names the landing screen's largest image, as the copy its <picture> will pick", async () => {
    const banner = (await t.app.inject('/api/banner')).json<{ results: Banner[] }>().results[0]!;
    const category = (await t.app.inject('/api/category-client')).json<{ results: Category[] }>()
      .results[0]!;
    const preload = (html: string) => /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';

    const menu = preload((await t.app.inject('/menu')).body);
    expect(menu).toContain('type="image/avif" fetchpriority="high"');
    expect(menu).toContain(`imagesrcset="${imageSources(banner.real_image, 'banner')!.avif}"`);
    expect(menu).toContain(`imagesizes="${SHOWN_IMAGE_SIZES.menuBanner}"`);
    expect(preload((await t.app.inject('/')).body)).toContain(
      `imagesizes="${SHOWN_IMAGE_SIZES.landingBanner}"`,
    );

    const hero = preload((await t.app.inject(`/category/${category.slug}`)).body);
    expect(hero).toContain(`imagesrcset="${imageSources(category.photo, 'category')!.avif}"`);
    expect(hero).toContain(`imagesizes="${SHOWN_IMAGE_SIZES.categoryHero}"`);

    // A product's photo is the same at every branch: its page names it too.
    const branch = (await t.app.inject('/api/branch-office')).json<{ results: Branch[] }>()
      .results[0]!;
    const product = (await t.app.inject(`/api/category/${category.slug}/${branch.id}`)).json<{
      results: CategoryWithProducts;
    }>().results.products[0]!;
    const photo = preload((await t.app.inject(`/producto/${product.slug}`)).body);
    expect(photo).toContain(`imagesrcset="${imageSources(product.image, 'product')!.avif}"`);
    expect(photo).toContain(`imagesizes="${SHOWN_IMAGE_SIZES.productPhoto}"`);

    // First in the head after the viewport: requested before any stylesheet or script.
    const html = (await t.app.inject('/menu')).body;
    const at = html.indexOf('<link rel="preload" as="image"');
    expect(at).toBeGreaterThan(html.indexOf('<meta name="viewport"'));
    expect(at).toBeLessThan(html.indexOf('<style>'));
    expect(at).toBeLessThan(html.indexOf('<script type="module"'));

    // An unknown category or product, and pages without a photo of their own, name none.
    for (const url of ['/category/no-existe', '/producto/no-existe', '/carrito']) {
      const res = await t.app.inject(url);
      expect(preload(res.body), url).toBe('');
    }
  });

  it('serves robots.txt from the build', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /panel');
  });

  it('serves the AVIF copies of catalogue images as image/avif, immutable', async () => {
    const res = await t.app.inject('/images/banners/domicilio-gratis.faa8088a.w400.avif');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await t.app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not answer the SPA for API, image or asset misses', async () => {
    for (const url of ['/api/nope', '/assets/missing.js', '/images/missing.webp']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });
});

describe('API documentation', () => {
  it('serves OpenAPI generated from the route schemas', async () => {
    const res = await t.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/branch-office',
        '/api/category-client',
        '/api/banner',
        '/api/category/{slug}/{branchId}',
        '/api/products/{slug}/{branchId}',
        '/api/cart-type-payment',
        '/api/parameters-segment/{segment}',
        '/api/coupon-branch/{id}',
      ]),
    );
    const ui = await t.app.inject('/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});
