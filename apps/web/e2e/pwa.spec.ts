import { lineTotal, type AuthResponse, type Branch, type Product } from '@comanda/shared';
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Page,
} from './base-test';
import { expectNamesClearOfPrices } from './layout-support';
import { uniquePhone } from './unique';

// The installable, offline-tolerant storefront (decision 040) in Chromium at phone size: its
// real files, its service worker's copies when the signal is gone, an order sent without signal,
// and a screen whose chunk failed.

const OFFLINE_BAND = 'Sin conexión · mostrando el menú guardado';

async function results<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), url).toBe(true);
  return ((await response.json()) as { results: T }).results;
}

async function terminalBranch(request: APIRequestContext): Promise<Branch> {
  const branch = (await results<Branch[]>(request, '/api/branch-office')).find(
    (each) => each.slug === 'terminal-24h',
  );
  if (!branch) throw new Error('The demo chain has no branch terminal-24h');
  return branch;
}

/** An available burger as the product page would put it in the cart (first choice of each group). */
async function cartLine(request: APIRequestContext, branch: Branch) {
  const cards = (
    await results<{ products: { slug: string; available: boolean }[] }>(
      request,
      `/api/category/hamburguesas/${branch.id}`,
    )
  ).products;
  const slug = cards.find((card) => card.available)?.slug;
  if (!slug) throw new Error('No burger available');
  const item = await results<Product>(request, `/api/products/${slug}/${branch.id}`);
  const modifier_group = item.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option, index) => ({
      ...option,
      selected: index === 0,
    })),
  }));
  const line = {
    _id: 'line-offline',
    id: item.id,
    slug: item.slug,
    title: item.title,
    description: item.description,
    image: item.image,
    price: item.price,
    quantity: 1,
    total: 0,
    favorite: null,
    modifier_group,
  };
  return { ...line, total: lineTotal(line, 1) };
}

let sequence = 0;
async function newCustomer(request: APIRequestContext): Promise<AuthResponse> {
  sequence += 1;
  // Milliseconds last: the phone is the last 9 digits, which must differ between spec files too.
  const stamp = `${process.pid}${sequence}${Date.now()}`;
  const response = await request.post('/api/register', {
    data: {
      name: 'Prueba Sin Señal',
      email: `senal.${stamp}@comanda.test`,
      phone: uniquePhone(),
      password: 'secreto-123',
      password_confirmation: 'secreto-123',
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as AuthResponse;
}

async function seedSession(
  page: Page,
  state: { branch: Branch; cart: unknown[]; auth?: AuthResponse },
) {
  await page.goto('/favicon.svg');
  await page.evaluate((value) => localStorage.setItem('storage', JSON.stringify(value)), {
    access_token: state.auth?.access_token ?? null,
    user: state.auth?.user ?? null,
    loggedIn: Boolean(state.auth),
    branch: state.branch,
    delivery: 2,
    cart: state.cart,
  });
}

test('the installable app: /favicon.ico is an icon, the manifest names the chain and its icons, /no-existe is a 404', async ({
  page,
  request,
}) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as {
    name: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body.name).toBe('La Brasa Dorada');
  expect(body.display).toBe('standalone');
  // Every icon the manifest names is a real PNG of its size.
  for (const { src, sizes } of body.icons) {
    const png = await request.get(src);
    expect(png.headers()['content-type'], src).toBe('image/png');
    const data = await png.body();
    const [width, height] = sizes.split('x').map(Number);
    expect([data.readUInt32BE(16), data.readUInt32BE(20)], src).toEqual([width, height]);
  }
  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(await request.get('/sitemap.xml').then((res) => res.text())).toContain('/producto/');

  const missing = await page.goto('/no-existe');
  expect(missing?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: 'No encontramos esta página' }),
  ).toBeVisible();
  // The page links the manifest, so the browser can offer to install the app.
  await page.goto('/menu');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test("Chromium's own install criteria are met: no installability error once the worker runs", async ({
    baseURL,
    launchOptions,
  }) => {
    // A real profile: a test's usual context counts as incognito, where nothing is installable.
    const profile = mkdtempSync(join(tmpdir(), 'comanda-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      headless: true,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseURL}/menu`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cdp = await context.newCDPSession(page);
      // What Lighthouse's "installable manifest" audit asked the browser, before Lighthouse 12.
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('after one visit, a reload without signal shows the saved menu, a category, a product and the cart, with the offline band', async ({
    page,
    context,
    request,
  }) => {
    // Four pages online, then four offline, on a shared 2-core machine.
    test.setTimeout(120_000);
    const branch = await terminalBranch(request);
    const line = await cartLine(request, branch);
    await seedSession(page, { branch, cart: [line] });

    await page.goto('/menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuestro menú' })).toBeVisible();
    // The worker takes the page over and keeps what the first visit read.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    await expect
      .poll(() => page.evaluate(async () => Boolean(await caches.match('/menu'))), {
        timeout: 20_000,
      })
      .toBe(true);
    const visited = ['/category/hamburguesas', `/producto/${line.slug}`, '/carrito'];
    for (const path of visited) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BAND })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Tu Carrito' })).toBeVisible();
    await expect(page.getByText(line.title).first()).toBeVisible();
    for (const [path, heading] of [
      ['/menu', 'Nuestro menú'],
      ['/category/hamburguesas', 'Hamburguesas'],
      [`/producto/${line.slug}`, line.title],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_BAND }), path).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BAND })).toBeHidden();
  });
});

test('an order sent without signal says so, blames nobody, and is placed exactly once when the signal returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const branch = await terminalBranch(request);
  const auth = await newCustomer(request);
  await seedSession(page, { branch, cart: [await cartLine(request, branch)], auth });
  await page.goto('/opciones-de-pago');
  await page.getByRole('group', { name: 'Como deseas pagar?' }).getByRole('radio').first().check();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByText('Sin conexión: tu pedido se enviará cuando vuelva la señal.'),
  ).toBeVisible();
  await expect(page.getByText(/restaurante/)).toHaveCount(0);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/confirmacion\?pedido=\d+$/, { timeout: 30_000 });
  const history = await request.get('/api/cart-history', {
    headers: { Authorization: `Bearer ${auth.access_token}` },
  });
  expect(((await history.json()) as { total: number }).total).toBe(1);
});

test('a screen whose chunk failed without signal loads by itself when the signal returns', async ({
  page,
  context,
}) => {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuestro menú' })).toBeVisible();
  await context.setOffline(true);
  // The cart's screen has not been downloaded yet: its chunk's download fails.
  const chunkFailed = context.waitForEvent('requestfailed', (failed) =>
    /\/assets\/.+\.js$/.test(new URL(failed.url()).pathname),
  );
  await page
    .getByRole('link', { name: /carrito/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/carrito$/);
  await chunkFailed;
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: /carrito/i })).toBeVisible();
  await expect(page.getByText('Algo salió mal al mostrar esta pantalla.')).toHaveCount(0);
});

test('search in the menu: "CLASICA" finds "Hamburguesa Clásica", from the category page, accents and case aside', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  await seedSession(page, { branch, cart: [] });
  await page.goto('/category/hamburguesas');
  await page.getByRole('link', { name: 'Buscar en el menú' }).click();
  await expect(page).toHaveURL(/\/buscar$/);
  const field = page.getByRole('searchbox', { name: 'Buscar en el menú' });
  await expect(field).toBeFocused();
  await field.fill('CLASICA');
  await expect(page.getByRole('link', { name: /^Hamburguesa Clásica/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /productos?$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // Nothing found says so.
  await field.fill('zzzz');
  await expect(page.getByText('No encontramos productos para "zzzz".')).toBeVisible();
  // The query is in the address: back from a product, the results are there again.
  await field.fill('clásica');
  await page.getByRole('link', { name: /^Hamburguesa Clásica/ }).click();
  await expect(page).toHaveURL(/\/producto\//);
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Buscar en el menú' })).toHaveValue('clásica');
});

test('checkout: a long product name and its price never overlap at 320, 360 and 390 px', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  const line = await cartLine(request, branch);
  // The longest name a product may have on the menu, in one unbreakable word and in many.
  const cart = [
    { ...line, _id: 'line-long', title: 'Hamburguesa Clásica Doble Carne con Tocineta Ahumada' },
    { ...line, _id: 'line-word', title: 'Superhamburguesadoblecarneconquesoytocineta' },
  ];
  await seedSession(page, { branch, cart });
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/opciones-de-pago');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.locator('#checkout-items li')).toHaveCount(2);
    await expectNamesClearOfPrices(page, '#checkout-items li', width);
  }
});
