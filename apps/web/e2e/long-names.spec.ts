import { productUpdateBodyOf } from '@comanda/shared';
import type { AdminProduct } from '@comanda/shared';
import {
  bearer,
  branchBySlug,
  cartLine,
  expect,
  loginApi,
  newCustomer,
  placeOrder,
  seedCustomer,
  test,
} from './console-support';
import { expectNamesClearOfPrices } from './layout-support';

// A product's name is never drawn over its price, at the narrowest phones, on the screens that
// list what an order holds: the order's page and the history (checkout has its own test in
// pwa.spec.ts). The name is the server's, so the admin gives a product the longest name the menu
// holds, and puts it back afterwards (this worker's server is shared by its tests, in turn).

const LONG = 'Hamburguesa Clásica Doble Carne con Tocineta Ahumada y Queso';

test('a long product name never overlaps its price on the order page and in the history, at 320, 360 and 390 px', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const branch = await branchBySlug(request, 'terminal-24h');
  const admin = await loginApi(request, 'admin@comanda.test');
  const cards = (
    (await (await request.get(`/api/category/hamburguesas/${branch.id}`)).json()) as {
      results: { products: { id: number; slug: string; title: string; available: boolean }[] };
    }
  ).results.products;
  const burger = cards.find((card) => card.available);
  if (!burger) throw new Error('no burger available at terminal-24h');
  const url = `/api/admin/products/${burger.id}`;
  const read = async () =>
    (
      (await (await request.get(url, { headers: bearer(admin.access_token) })).json()) as {
        results: AdminProduct;
      }
    ).results;
  const original = await read();
  try {
    const renamed = await request.put(url, {
      headers: bearer(admin.access_token),
      data: { ...productUpdateBodyOf(original), title: LONG },
    });
    expect(renamed.ok()).toBe(true);
    const customer = await newCustomer(request);
    const line = await cartLine(request, branch, burger.slug, 2);
    expect(line.title).toBe(LONG);
    const order = await placeOrder(baseURL ?? '', request, customer, { branch, lines: [line] });
    await seedCustomer(page, customer, branch);
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`/pedidos/${order.id}`);
      await expect(page.getByText(LONG).first()).toBeVisible();
      await expectNamesClearOfPrices(page, 'h2:text-is("Productos") + ul > li', width);
      await page.goto('/pedidos');
      await expect(page.getByText(LONG).first()).toBeVisible();
      await expectNamesClearOfPrices(
        page,
        `ul[aria-label="Productos del pedido ${order.id}"] li`,
        width,
      );
    }
  } finally {
    const now = await read();
    await request.put(url, {
      headers: bearer(admin.access_token),
      data: { ...productUpdateBodyOf(now), title: original.title },
    });
  }
});
