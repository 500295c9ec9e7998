import {
  branchBySlug,
  expect,
  expectNoAxeViolations,
  loginApi,
  seedPanelSession,
  test,
} from './console-support';

// Marca (decision 046): the admin renames the chain and the storefront's next page load names it
// in the header and the title. The brand is the whole chain's, and other tests read it: the
// rename is put back at once, whatever happens.

const SCREENS = 'test-results/screens';
const DEMO = { name: 'La Brasa Dorada', short_name: 'Brasa Dorada', color: '#b3261e' };

test.describe.configure({ timeout: 120_000 });

test('the admin renames the brand in Marca and the storefront shows it after a reload', async ({
  page,
  request,
  browser,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const admin = await loginApi(request, 'admin@comanda.test');
  const restore = async () => {
    const headers = { authorization: `Bearer ${admin.access_token}` };
    await request.put('/api/admin/brand', { headers, data: DEMO });
  };
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await seedPanelSession(page, admin, campina.id);
    await page.goto('/panel/admin/marca');
    await expect(page.getByRole('heading', { name: 'Marca' })).toBeVisible();
    await expect(page).toHaveTitle('Marca · Administración · La Brasa Dorada');
    const name = page.getByLabel('Nombre de la marca');
    await expect(name).toHaveValue('La Brasa Dorada');

    // Bad values: Spanish messages, nothing saved.
    await name.fill('');
    await page.getByLabel('Color').fill('rojo');
    await page.getByRole('button', { name: 'Guardar marca' }).click();
    await expect(
      page.getByText('Escribe el nombre de la marca (hasta 60 caracteres).'),
    ).toBeVisible();
    await expect(page.getByText('El color debe ser #rrggbb, por ejemplo #b3261e.')).toBeVisible();
    await expectNoAxeViolations(page);

    await name.fill('Asadero El Fogón');
    await page.getByLabel('Color').fill('#1a5e2c');
    await page.getByRole('button', { name: 'Guardar marca' }).click();
    await expect(page.getByText('Guardado. La tienda lo muestra')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/marca-1280x800.png`, fullPage: true });
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENS}/marca-390.png`, fullPage: true });

    // A customer's next page load: the header's link and the title name the new brand.
    // The header's brand link shows from tablet width (a phone's header has room for the branch).
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const customer = await context.newPage();
    await customer.goto('/menu');
    await expect(
      customer.getByRole('banner').getByRole('link', { name: 'Asadero El Fogón' }),
    ).toBeVisible();
    await expect(customer).toHaveTitle(/ · Asadero El Fogón$/);
    await customer.reload();
    await expect(
      customer.getByRole('banner').getByRole('link', { name: 'Asadero El Fogón' }),
    ).toBeVisible();
    await expect(customer).toHaveTitle(/ · Asadero El Fogón$/);
    await customer.screenshot({ path: `${SCREENS}/storefront-header-brand-1024.png` });
    await customer.setViewportSize({ width: 360, height: 740 });
    await customer.screenshot({ path: `${SCREENS}/storefront-header-brand-360.png` });
    await expectNoAxeViolations(customer);
    await context.close();
  } finally {
    await restore();
  }
});
