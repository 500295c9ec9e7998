import {
  ADMIN_MENU_MESSAGES,
  formatMoney,
  type AdminProduct,
  type CartHistory,
  productUpdateBodyOf,
} from '@comanda/shared';
import {
  bearer,
  expect,
  expectNoAxeViolations,
  loginApi,
  newCustomer,
  paymentTypes,
  seedCustomer,
  seedPanelSession,
  terminalBranch,
  test,
  screens,
} from './console-support';

// The chain's admin builds a product in /panel/admin/menu — a category, the product with a
// required size and optional extras, photos uploaded through POST /api/admin/images — offers it
// at one branch at its own price, and a customer orders it there at that price. Runs on the
// console specs' own server: it changes the menu other specs read.

const PHOTO = 'apps/web/e2e/fixtures/plato.png';
const CATEGORY = 'Bowls de temporada';
const PRODUCT = 'Bowl Volcán';
const BRANCH_PRICE = 24000;
const EXTRA = 3000;

test('the admin builds a product with groups and a branch price; a customer orders it at that price', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const branch = await terminalBranch(request);
  const admin = await loginApi(request, 'admin@comanda.test');
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, branch.id);

  // 1. A category, with its photo.
  await page.goto('/panel/admin/menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Categorías' })).toBeVisible();
  await expect(page).toHaveTitle(/^Categorías · Administración · La Brasa Dorada$/);
  await page.getByRole('button', { name: 'Nueva categoría' }).click();
  const categoryForm = page.getByRole('form', { name: 'Nueva categoría' });
  await categoryForm.getByRole('button', { name: 'Crear categoría' }).click();
  await expect(
    categoryForm.getByText('Escribe el nombre de la categoría (hasta 120 caracteres).'),
  ).toBeVisible();
  await categoryForm.getByLabel('Nombre').fill(CATEGORY);
  await categoryForm.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(categoryForm.locator('img')).toHaveAttribute('src', /\S/);
  await categoryForm.getByRole('button', { name: 'Crear categoría' }).click();
  const row = page.getByRole('listitem').filter({ hasText: CATEGORY });
  await expect(row).toContainText('/bowls-de-temporada');
  // Saved, and told so: empty, the storefront does not list it yet.
  await expect(
    page.getByRole('status').filter({ hasText: `Categoría ${CATEGORY} creada.` }),
  ).toBeVisible();
  await expect(row).toContainText('Vacía: la tienda no la muestra');
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-categories');

  // Reorder with the keyboard: the new (last) category moves up one place.
  await row.getByRole('button', { name: `Subir ${CATEGORY}` }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `${CATEGORY}: posición` }),
  ).toBeAttached();

  // 2. The product: fields, a required size and optional extras, a photo.
  await page.getByRole('link', { name: `Productos de ${CATEGORY}` }).click();
  await page.getByRole('link', { name: 'Nuevo producto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo producto' })).toBeVisible();
  // The editor names the document over its section's title: React puts each `<title>` it mounts
  // before the ones already in <head>, and the browser reads the first.
  await expect(page).toHaveTitle('Nuevo producto · Menú · Administración · La Brasa Dorada');
  await page.getByLabel('Nombre', { exact: true }).fill(PRODUCT);
  await expect(page.getByLabel('Categoría')).toHaveValue(/\d+/);
  await page.getByLabel('Precio base ($)').fill('22.000');
  await page.getByLabel('Descripción corta').fill('Arroz, pollo picante y aguacate');
  await page
    .getByLabel('Descripción', { exact: true })
    .fill('Arroz de coco, pollo picante, aguacate y maíz tostado.');

  await page.getByRole('button', { name: 'Agregar grupo de opciones' }).click();
  const size = page.getByRole('group', { name: 'Grupo 1' });
  await size.getByLabel('Nombre del grupo').fill('Tamaño');
  await size.getByLabel('Obligatorio').check();
  await size.getByLabel('Se elige').selectOption('1');
  await size.getByLabel('Opción 1', { exact: true }).fill('Regular');
  await size.getByRole('button', { name: 'Agregar opción a Tamaño' }).click();
  await size.getByLabel('Opción 2', { exact: true }).fill('Grande');
  await size.getByLabel('Precio opción 2 ($)').fill('29000');

  await page.getByRole('button', { name: 'Agregar grupo de opciones' }).click();
  const extras = page.getByRole('group', { name: 'Grupo 2' });
  await extras.getByLabel('Nombre del grupo').fill('Adiciones');
  await extras.getByLabel('Máximo').fill('2');
  await extras.getByLabel('Opción 1', { exact: true }).fill('Queso extra');
  await extras.getByLabel('Precio opción 1 ($)').fill(String(EXTRA));
  await extras.getByRole('button', { name: 'Agregar opción a Adiciones' }).click();
  await extras.getByLabel('Opción 2', { exact: true }).fill('Maduritos');
  await extras.getByLabel('Precio opción 2 ($)').fill('2500');

  // The preview is the storefront's product page, with the unsaved groups.
  const preview = page.getByRole('region', { name: 'Vista previa' });
  await expect(preview.getByRole('heading', { name: PRODUCT })).toBeVisible();
  await expect(preview.getByRole('group', { name: /Tamaño/ }).getByRole('radio')).toHaveCount(2);
  await expect(preview.getByRole('group', { name: /Adiciones/ }).getByRole('checkbox')).toHaveCount(
    2,
  );

  // No photo yet: the preview shows the placeholder plate (a photo is optional); then one.
  await expect(preview.locator('img').first()).toHaveAttribute('src', /sin-foto\./);
  await page.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(preview.locator('img').first()).toHaveAttribute('src', /\S/);
  await page.getByRole('button', { name: 'Crear producto' }).click();
  await expect(page).toHaveURL(/\/panel\/admin\/menu\/productos\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT }).first()).toBeVisible();
  const productId = Number(page.url().split('/').at(-1));

  // 3. Its own price at one branch.
  const atBranch = page.getByRole('group', { name: branch.title });
  await atBranch.getByLabel('Precio en la sede ($)').fill(String(BRANCH_PRICE));
  await atBranch.getByRole('button', { name: `Guardar ${branch.title}` }).click();
  await expect(atBranch.getByText('Guardado.')).toBeVisible();
  // A new product is a draft: no storefront shows it until it is published.
  await expect(page.getByText('la tienda no lo muestra.')).toBeVisible();
  const { slug } = (
    await (
      await request.get(`/api/admin/products/${productId}`, { headers: bearer(admin.access_token) })
    ).json()
  ).results as AdminProduct;
  expect((await request.get(`/api/products/${slug}/${branch.id}`)).status()).toBe(404);
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-product');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Publicado: ya se ve en la tienda')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).getByText('Oculto')).toHaveCount(0);

  // Two admins: someone else saves first. This editor is told, saves nothing, and sees both
  // versions: what only the other admin changed (the long description) is taken as is; the short
  // description, which both changed, is the admin's choice: here, the other admin's text.
  const current = (
    await (
      await request.get(`/api/admin/products/${productId}`, { headers: bearer(admin.access_token) })
    ).json()
  ).results as AdminProduct;
  const THEIRS = 'Arroz, pollo picante, aguacate y maíz';
  const THEIRS_LONG = 'Un bowl para compartir, con arroz de coco.';
  const other = await request.put(`/api/admin/products/${productId}`, {
    headers: bearer(admin.access_token),
    data: { ...productUpdateBodyOf(current), description_eco: THEIRS, description: THEIRS_LONG },
  });
  expect(other.ok()).toBe(true);
  await page.getByLabel('Descripción corta').fill('Cambio que no se guarda');
  await page.getByLabel('Precio base ($)').fill('19.500');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: ADMIN_MENU_MESSAGES.conflict });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(
    'Ya está al día con lo que solo la otra persona cambió: Descripción.',
  );
  const shortDescription = conflict.getByRole('group', { name: 'Descripción corta' });
  await expect(shortDescription).toContainText('Cambio que no se guarda');
  await expect(shortDescription).toContainText(THEIRS);
  // The price only this editor changed is not asked about.
  await expect(conflict.getByRole('group', { name: 'Precio' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-conflict');
  await shortDescription.getByRole('radio', { name: /Lo que guardó la otra persona/ }).check();
  await conflict.getByRole('button', { name: 'Usar lo elegido' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByLabel('Descripción corta')).toHaveValue(THEIRS);
  await expect(page.locator('textarea[name="description"]')).toHaveValue(THEIRS_LONG);
  await expect(page.getByLabel('Precio base ($)')).toHaveValue('19.500');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Guardado. Las tiendas ya lo muestran así.')).toBeVisible();
  const merged = (
    await (
      await request.get(`/api/admin/products/${productId}`, { headers: bearer(admin.access_token) })
    ).json()
  ).results as AdminProduct;
  expect(merged).toMatchObject({
    description_eco: THEIRS,
    description: THEIRS_LONG,
    price: 19_500,
    version: current.version + 2,
  });

  await page.getByRole('link', { name: '← Productos' }).click();
  await expect(page.getByRole('link', { name: `Editar ${PRODUCT}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-products');

  // 4. A customer at that branch finds it, customises it and orders it at the branch's price.
  const customer = await newCustomer(request);
  const shop = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await seedCustomer(shop, customer, branch);
  await shop.goto('/menu');
  await shop.getByRole('link', { name: CATEGORY }).first().click();
  await shop
    .getByRole('link')
    .filter({ has: shop.getByRole('heading', { name: PRODUCT, exact: true }) })
    .click();
  await expect(shop.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await shop
    .getByRole('group', { name: /Tamaño/ })
    .getByRole('radio', { name: /Regular/ })
    .check();
  await shop
    .getByRole('group', { name: /Adiciones/ })
    .getByRole('checkbox', { name: /Queso extra/ })
    .check();
  const total = BRANCH_PRICE + EXTRA;
  await shop.getByRole('button', { name: `Agregar ${formatMoney(total)}` }).click();

  await shop.goto('/opciones-de-pago');
  const payment = (await paymentTypes(request))[0]!;
  await shop.getByRole('radio', { name: payment.parameter.description }).check();
  await shop.getByRole('button', { name: 'Continuar' }).click();
  await expect(shop.getByRole('heading', { name: 'Gracias por tu Compra' })).toBeVisible();

  const history = (await (
    await request.get('/api/cart-history', { headers: bearer(customer.access_token) })
  ).json()) as CartHistory;
  const order = history.results[0]!;
  expect(order.total).toBe(total);
  expect(order.detail.map((line) => [line.title, line.unit_price])).toEqual([[PRODUCT, total]]);

  // 5. A storefront open on the product hears the next price change at once (catalog-changed).
  await shop.goto('/menu');
  await shop.getByRole('link', { name: CATEGORY }).first().click();
  await shop
    .getByRole('link')
    .filter({ has: shop.getByRole('heading', { name: PRODUCT, exact: true }) })
    .click();
  await expect(
    shop.getByRole('button', { name: `Agregar ${formatMoney(BRANCH_PRICE)}` }),
  ).toBeVisible();
  const raised = await request.put(`/api/admin/branches/${branch.id}/products/${productId}`, {
    headers: bearer(admin.access_token),
    data: { offered: true, price: BRANCH_PRICE + 1000, sold_out: false },
  });
  expect(raised.ok()).toBe(true);
  await expect(
    shop.getByRole('button', { name: `Agregar ${formatMoney(BRANCH_PRICE + 1000)}` }),
  ).toBeVisible();
});
