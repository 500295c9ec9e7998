import {
  expect,
  expectNoAxeViolations,
  loginApi,
  seedCustomer,
  seedPanelSession,
  terminalBranch,
  test,
  screens,
} from './console-support';

// The menu's tools for a chain with many products: "Duplicar" makes a hidden copy and opens it;
// "Cambiar precios" previews a +10 % on a category, applies it, and the storefront shows the new
// price at once. Runs on the console specs' own server: it changes the menu other specs read.

test('the admin duplicates a product and lands on its hidden copy', async ({ page, request }) => {
  const branch = await terminalBranch(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), branch.id);

  await page.goto('/panel/admin/menu/productos');
  await page.getByLabel('Categoría').selectOption({ label: 'Postres' });
  await page.getByRole('button', { name: 'Duplicar Flan de caramelo', exact: true }).click();

  await expect(page).toHaveURL(/\/panel\/admin\/menu\/productos\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: /Flan de caramelo \(copia\)/ }).first(),
  ).toBeVisible();
  await expect(page.getByText('Oculto').first()).toBeVisible();
  await expect(page.getByLabel('Nombre')).toHaveValue('Flan de caramelo (copia)');
  await expect(page.getByRole('status').filter({ hasText: 'Copia creada' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-tools-copy');

  await page.getByRole('link', { name: '← Productos' }).click();
  await page.getByLabel('Categoría').selectOption({ label: 'Postres' });
  const copy = page.getByRole('listitem').filter({ hasText: 'Flan de caramelo (copia)' });
  await expect(copy).toContainText('Oculto');
  await expect(
    page.getByRole('button', { name: 'Duplicar Flan de caramelo', exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-tools-products');
});

test('a +10 % on a category is previewed, applied, and the storefront shows the new price', async ({
  page,
  request,
  browser,
}) => {
  const branch = await terminalBranch(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), branch.id);

  await page.goto('/panel/admin/menu/productos');
  await page.getByRole('link', { name: 'Cambiar precios' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cambiar precios' })).toBeVisible();
  await expect(page).toHaveTitle('Cambiar precios · Administración · La Brasa Dorada');

  // Nothing chosen: the server's Spanish message, and no preview.
  await page.getByRole('button', { name: 'Ver cambios' }).click();
  await expect(page.getByText('Elige una categoría.', { exact: true })).toBeVisible();

  // Ticking products instead of a category: a searchable list with checkboxes.
  await page.getByRole('radio', { name: 'Productos' }).check();
  await page.getByRole('searchbox', { name: 'Buscar producto' }).fill('pizza');
  await page.getByRole('checkbox', { name: /Pizza Hawaiana/ }).check();
  await expect(page.getByText('(1 elegido)')).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-tools-prices-products');
  await page.getByRole('radio', { name: 'Categoría' }).check();

  await page
    .getByRole('combobox', { name: 'Categoría' })
    .selectOption({ label: 'Hamburguesas (6)' });
  await page.getByRole('textbox', { name: 'Cambio en %' }).fill('10');
  await page.getByRole('button', { name: 'Ver cambios' }).click();

  const preview = page.getByRole('region', { name: 'Cambios por aplicar' });
  await expect(preview).toContainText('Cambiarán 9 precios de 6 productos.');
  const doble = preview.getByRole('row', { name: /Doble Queso/ });
  await expect(doble).toContainText('$29.900');
  await expect(doble).toContainText('$32.900');
  // The Terminal's own price of the Clásica changes too, rounded to 100 pesos.
  await expect(preview.getByRole('row', { name: /Hamburguesa Clásica En Terminal/ })).toContainText(
    '$28.500',
  );
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-tools-prices-preview');

  await preview.getByRole('button', { name: 'Aplicar cambios' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Listo: Subió 10 % el precio de 6 productos (Hamburguesas).' }),
  ).toBeVisible();
  await expect(preview).toBeHidden();
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-tools-prices-applied');

  const shop = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await seedCustomer(shop, null, branch);
  await shop.goto('/category/hamburguesas');
  const card = shop
    .getByRole('link')
    .filter({ has: shop.getByRole('heading', { name: 'Doble Queso', exact: true }) });
  await expect(card).toContainText('$32.900');
  await shop.close();
});
