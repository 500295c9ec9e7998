import { DAYPART_MESSAGES, chainClock } from '@comanda/shared';
import {
  bearer,
  expect,
  expectNoAxeViolations,
  loginApi,
  screens,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// Menus by daypart (decision 047): the admin gives a breakfast category a window that has just
// ended — as at 11:01 for a 06:00–11:00 window: the server's clock is the real one, so the window
// is set relative to now — and the storefront no longer shows it. Runs on the console specs' own
// server: it changes the menu other specs read.

const CATEGORY = 'Desayunos criollos';
const MINUTE = 60_000;
/** "HH:MM" on the chain's clock, `minutes` from now. */
const clockIn = (minutes: number) => chainClock(new Date(Date.now() + minutes * MINUTE));

test('a category whose daypart has just ended leaves the storefront', async ({ page, request }) => {
  const branch = await terminalBranch(request);
  const admin = await loginApi(request, 'admin@comanda.test');
  const headers = bearer(admin.access_token);

  // A category with one product of its own, so the storefront shows it before its window is set.
  const created = await request.post('/api/admin/categories', {
    headers,
    data: { title: CATEGORY, photo: '/images/desayunos.webp' },
  });
  expect(created.status()).toBe(201);
  const category = (await created.json()).results as { id: number; slug: string };
  const product = await request.post('/api/admin/products', {
    headers,
    data: {
      category_id: category.id,
      title: 'Calentado paisa',
      description: 'Fríjoles, arroz, huevo y arepa.',
      description_eco: 'Fríjoles, arroz, huevo y arepa',
      price: 18000,
      image: '/images/calentado.webp',
      modifier_group: [],
    },
  });
  expect(product.status()).toBe(201);
  const draft = (await product.json()).results as { id: number; version: number };
  const productId = draft.id;
  // A new product is a draft until published.
  const published = await request.put(`/api/admin/products/${productId}/visibility`, {
    headers,
    data: { hidden: false, version: draft.version },
  });
  expect(published.status()).toBe(200);

  await page.goto('/menu');
  await expect(page.getByRole('link', { name: CATEGORY }).first()).toBeVisible();

  // The admin gives it a window every day that ended a minute ago.
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, branch.id);
  await page.goto('/panel/admin/menu');
  await page.getByRole('button', { name: `Editar ${CATEGORY}` }).click();
  const form = page.getByRole('form', { name: `Editar ${CATEGORY}` });
  await expect(form.getByText('Se vende siempre.')).toBeVisible();
  await form.getByRole('button', { name: '+ Agregar horario de venta' }).click();
  const window = form.getByRole('group', { name: 'Horario 1' });
  await window.getByLabel('Sábado').check();
  await window.getByLabel('Domingo').check();

  // An hour that does not exist is named, and nothing is saved.
  await window.getByLabel(/Desde$/).fill('25:00');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(form.getByText(DAYPART_MESSAGES.noSuchTime('25:00'))).toBeVisible();

  await window.getByLabel(/Desde$/).fill(clockIn(-180));
  await window.getByLabel(/Hasta$/).fill(clockIn(-1));
  await expectNoAxeViolations(page);
  await screens(page, 'admin-dayparts-editor');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(form).toBeHidden();

  // The storefront, on a phone: the category is not on the menu, and its page is not found.
  // An edit reaches the rendered pages within a second (decision 089): a load just after the
  // save may still get the page made before it, while the next one is made.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(
      async () => {
        await page.goto('/menu');
        await expect(page.getByRole('link', { name: /Hamburguesas/ }).first()).toBeVisible();
        return page.getByRole('link', { name: CATEGORY }).count();
      },
      { timeout: 3_000, intervals: [250] },
    )
    .toBe(0);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: 'test-results/screens/storefront-dayparts-360.png',
    fullPage: true,
  });
  expect((await page.goto(`/category/${category.slug}`))?.status()).toBe(404);

  // The product's editor has its own windows, and says its category's narrow them.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/panel/admin/menu/productos/${productId}`);
  await expect(page.getByRole('group', { name: 'Horario de venta' })).toBeVisible();
  await expect(page.getByText(/^Su categoría se vende todos los días de /)).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, 'admin-dayparts-product');
});
