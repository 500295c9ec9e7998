import type { AdminCategory, AdminProductSummary } from '@comanda/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  bearer,
  expect,
  expectNoAxeViolations,
  loginApi,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// Drag to reorder in Menú: categories and products by their grip (a mouse at the desk, a finger on
// a phone), option groups and options in the product editor. Runs on the console specs' own server
// and puts the chain's order back: other specs read the menu.

const GRIP = '[title="Arrastrar para ordenar"]';

/** The titles in the order the list shows them (each row's "Subir …" arrow names it). */
const shownOrder = (page: Page) =>
  page
    .getByRole('button', { name: /^Subir / })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!.slice(6)));

async function categoryTitles(request: APIRequestContext, token: string) {
  const response = await request.get('/api/admin/categories', { headers: bearer(token) });
  return ((await response.json()) as { results: AdminCategory[] }).results.map((c) => c.title);
}

/** Presses on the grip of `row` and moves it to the top (or bottom) edge of `target`. */
async function dragRow(page: Page, row: Locator, target: Locator, edge: 'top' | 'bottom') {
  const grip = (await row.locator(GRIP).first().boundingBox())!;
  const goal = (await target.boundingBox())!;
  const x = grip.x + grip.width / 2;
  await page.mouse.move(x, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, edge === 'top' ? goal.y + 4 : goal.y + goal.height - 4, { steps: 12 });
  return {
    drop: () => page.mouse.up(),
  };
}

test('categories, products, groups and options are ordered by dragging their grip', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await loginApi(request, 'admin@comanda.test');
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, (await terminalBranch(request)).id);
  await page.goto('/panel/admin/menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Categorías' })).toBeVisible();

  const before = await categoryTitles(request, admin.access_token);
  expect(before.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = before as [string, string, string];
  await expect.poll(() => shownOrder(page)).toEqual(before);
  const row = (title: string) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `Subir ${title}` }) });

  // Escape while dragging puts everything back and saves nothing.
  const cancelled = await dragRow(page, row(third), row(first), 'top');
  await page.keyboard.press('Escape');
  await cancelled.drop();
  expect(await shownOrder(page)).toEqual(before);

  // The third category dragged over the first: the list shows it first at once, the server keeps
  // it, and the storefront's menu follows.
  const lifted = await dragRow(page, row(third), row(first), 'top');
  await expect(row(third)).toHaveAttribute('data-dragging');
  await page.screenshot({ path: 'test-results/screens/admin-menu-dragging-1280.png' });
  await lifted.drop();
  const moved = [third, ...before.filter((title) => title !== third)];
  expect(await shownOrder(page)).toEqual(moved);
  await expect(
    page.getByRole('status').filter({ hasText: `${third}: posición 1 de` }),
  ).toBeAttached();
  expect(await categoryTitles(request, admin.access_token)).toEqual(moved);
  await expect
    .poll(async () => {
      const menu = await (await request.get('/api/category-client')).json();
      return (menu as { results: { title: string }[] }).results[0]?.title;
    })
    .toBe(third);
  await expectNoAxeViolations(page);

  // And dragged back below the second: the chain's order again.
  await (await dragRow(page, row(third), row(second), 'bottom')).drop();
  await expect.poll(() => categoryTitles(request, admin.access_token)).toEqual(before);
  expect(await shownOrder(page)).toEqual(before);

  // Products of a category on a phone, dragged with a finger.
  const category = (
    (await (
      await request.get('/api/admin/categories', { headers: bearer(admin.access_token) })
    ).json()) as { results: AdminCategory[] }
  ).results.find((c) => c.products >= 3)!;
  const listProducts = async () =>
    (
      (await (
        await request.get(`/api/admin/products?category_id=${category.id}`, {
          headers: bearer(admin.access_token),
        })
      ).json()) as { results: AdminProductSummary[] }
    ).results;
  const products = await listProducts();
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const onPhone = await phone.newPage();
  await seedPanelSession(onPhone, admin, (await terminalBranch(request)).id);
  await onPhone.goto(`/panel/admin/menu/productos?categoria=${category.id}`);
  const productRow = (title: string) =>
    onPhone
      .getByRole('listitem')
      .filter({ has: onPhone.getByRole('button', { name: `Subir ${title}` }) });
  // The second product dragged by a finger above the first, both on screen.
  const [firstProduct, secondProduct] = products as [AdminProductSummary, AdminProductSummary];
  await productRow(firstProduct.title).scrollIntoViewIfNeeded();
  const grip = (await productRow(secondProduct.title).locator(GRIP).boundingBox())!;
  const top = (await productRow(firstProduct.title).boundingBox())!;
  const x = grip.x + grip.width / 2;
  const from = grip.y + grip.height / 2;
  const cdp = await phone.newCDPSession(onPhone);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  await touch('touchStart', from);
  for (let step = 1; step <= 10; step++)
    await touch('touchMove', from + ((top.y + 4 - from) * step) / 10);
  await expect(productRow(secondProduct.title)).toHaveAttribute('data-dragging');
  await onPhone.screenshot({ path: 'test-results/screens/admin-menu-products-drag-360.png' });
  await touch('touchEnd', top.y + 4);
  await expect
    .poll(async () => (await listProducts()).map((p) => p.id))
    .toEqual([secondProduct.id, firstProduct.id, ...products.slice(2).map((p) => p.id)]);
  const restored = await request.put(`/api/admin/categories/${category.id}/products/order`, {
    headers: bearer(admin.access_token),
    data: { ids: products.map((p) => p.id) },
  });
  expect(restored.ok()).toBe(true);
  await phone.close();

  // In the product editor, groups and options are ordered the same way (saved with the product).
  await page.goto('/panel/admin/menu/productos/nuevo');
  await page.getByRole('button', { name: 'Agregar grupo de opciones' }).click();
  const size = page.getByRole('group', { name: 'Grupo 1' });
  await size.getByLabel('Nombre del grupo').fill('Tamaño');
  for (const [index, title] of ['Pequeña', 'Mediana', 'Grande'].entries()) {
    if (index > 0) await size.getByRole('button', { name: 'Agregar opción a Tamaño' }).click();
    await size.getByLabel(`Opción ${index + 1}`, { exact: true }).fill(title);
  }
  const option = (title: string) =>
    size
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `Subir ${title}` }) });
  await (await dragRow(page, option('Grande'), option('Pequeña'), 'top')).drop();
  await expect(size.getByLabel('Opción 1', { exact: true })).toHaveValue('Grande');
  await expect(size.getByLabel('Opción 3', { exact: true })).toHaveValue('Mediana');

  await page.getByRole('button', { name: 'Agregar grupo de opciones' }).click();
  await page.getByRole('group', { name: 'Grupo 2' }).getByLabel('Nombre del grupo').fill('Salsas');
  const groupHead = (name: string) =>
    page.getByRole('group', { name }).locator(GRIP).first().locator('..');
  await (await dragRow(page, groupHead('Grupo 2'), groupHead('Grupo 1'), 'top')).drop();
  await expect(
    page.getByRole('group', { name: 'Grupo 1' }).getByLabel('Nombre del grupo'),
  ).toHaveValue('Salsas');
  await expect(
    page.getByRole('group', { name: 'Grupo 2' }).getByLabel('Nombre del grupo'),
  ).toHaveValue('Tamaño');
  await expectNoAxeViolations(page);
});
