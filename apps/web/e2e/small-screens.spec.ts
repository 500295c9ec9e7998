import type { Page } from '@playwright/test';
import {
  bearer,
  branchBySlug,
  cartLine,
  expect,
  newCustomer,
  placeOrder,
  saveAddress,
  seedCustomer,
  test,
} from './console-support';

// The storefront read on the narrowest phones (a customer audit at 360 px): no text under 14 px
// on any screen a customer sees, nothing wider than the screen at 320, 360 and 390 px, and the
// chain menu's «Precios desde» band clear of the category's photo. The screens as a visitor and
// as a customer with a branch, a cart, an order, an address and a favourite see them.

const WIDTHS = [320, 360, 390] as const;
const MIN_TEXT_PX = 14;

/** Every piece of text on screen drawn under `MIN_TEXT_PX`, and whether the page is wider than the screen. */
async function readability(page: Page) {
  return page.evaluate((min) => {
    const small: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || element.closest('.visually-hidden, script, style, title')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      // Not drawn (a closed sheet, a collapsed part) or off the page (the skip link at rest).
      if (box.width < 1 || box.height < 1 || box.right <= 0 || box.bottom <= 0) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < min) small.push(`${size}px «${text.slice(0, 40)}» (${element.className})`);
    }
    return {
      small,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  }, MIN_TEXT_PX);
}

/**
 * Opens each path once and reads it at each width (the storefront's layout is CSS alone: a
 * narrower screen reflows the page as loaded), collecting what is too small or too wide.
 */
async function survey(page: Page, paths: readonly string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 740 });
    await page.goto(path);
    // Loaded: its heading is on screen (every screen has one h1).
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      const { small, overflow } = await readability(page);
      for (const found of small) problems.push(`${path} at ${width}: ${found}`);
      if (overflow > 0) problems.push(`${path} at ${width}: ${overflow}px wider than the screen`);
    }
  }
  return problems;
}

test('a visitor’s screens: no text under 14 px and nothing wider than a 320–390 px phone; the chain menu’s band clear of the photo', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = await survey(page, [
    '/',
    '/menu',
    '/delivery-takeout',
    '/domicilio',
    '/category/pizzas',
    '/producto/hamburguesa-clasica',
    '/login',
    '/registrate',
    '/restablecer',
    '/redes-sociales',
    '/descuento/campina',
    '/cortesia/campina',
  ]);
  expect(problems).toEqual([]);

  await page.goto('/category/pizzas');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const band = page.getByRole('complementary', { name: 'Elige tu sede' });
    const photo = page.locator('main img').first();
    const [b, p] = [(await band.boundingBox())!, (await photo.boundingBox())!];
    const apart =
      b.y >= p.y + p.height ||
      p.y >= b.y + b.height ||
      b.x >= p.x + p.width ||
      p.x >= b.x + b.width;
    expect(apart, `the band over the photo at ${width} px`).toBe(true);
    // The header's «Elige sede» whole, not cut to «Elige tu s…».
    const title = page
      .getByRole('button', { name: /elegir sede/ })
      .locator('span')
      .first();
    await expect(title).toHaveText('Elige sede');
    expect(await title.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`category-chain-${width}.png`) });
  }
});

test('a customer’s screens: no text under 14 px and nothing wider than a 320–390 px phone', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const branch = await branchBySlug(request, 'terminal-24h');
  const customer = await newCustomer(request, 'Lectura Pequeña');
  const line = await cartLine(request, branch, 'hamburguesa-clasica', 2);
  const order = await placeOrder(baseURL!, request, customer, { branch, lines: [line] });
  await saveAddress(request, customer, branch);
  await request.put(`/api/favorites/${line.id}`, {
    headers: bearer(customer.access_token),
    data: { id: line.id },
  });
  await seedCustomer(page, customer, branch, [line]);
  const problems = await survey(page, [
    '/menu',
    '/category/hamburguesas',
    '/producto/hamburguesa-clasica',
    '/buscar?q=hamburguesa',
    '/carrito',
    '/opciones-de-pago',
    '/programar',
    '/pedidos',
    `/pedidos/${order.id}`,
    '/favoritos',
    '/direcciones',
    '/sesiones',
  ]);
  expect(problems).toEqual([]);
});
