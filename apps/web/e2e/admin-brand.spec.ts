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
/** A 96 px photo: smaller than a logo may be. */
const PHOTO_96 = 'apps/web/e2e/fixtures/plato.png';

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

test("the admin sets the chain's logo in Marca: the icons and the storefront's header are made from it", async ({
  page,
  request,
  browser,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const admin = await loginApi(request, 'admin@comanda.test');
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const iconBytes = async () => (await request.get('/icons/logo-96.png')).body();
  const shipped = await iconBytes();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await seedPanelSession(page, admin, campina.id);
    await page.goto('/panel/admin/marca');
    const file = page.getByLabel('Logo');
    await expect(
      page.getByRole('button', { name: 'Volver al logo de la instalación' }),
    ).toHaveCount(0);

    // Too small for a sharp 192 px icon: refused in Spanish, nothing changed.
    await file.setInputFiles(PHOTO_96);
    await expect(page.getByText('El logo debe medir al menos 192 × 192 px.')).toBeVisible();
    expect((await iconBytes()).equals(shipped)).toBe(true);

    // A 256 px logo drawn in the page: a blue disc on a transparent square.
    const drawn = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 256;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#1040c0';
      context.beginPath();
      context.arc(128, 128, 110, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    await file.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(drawn, 'base64'),
    });
    await expect(page.getByText('Logo guardado.')).toBeVisible();
    const back = page.getByRole('button', { name: 'Volver al logo de la instalación' });
    await expect(back).toBeVisible();
    const made = await iconBytes();
    expect(made.equals(shipped)).toBe(false);
    expect(made.subarray(1, 4).toString('latin1')).toBe('PNG');
    await expect(page.locator('img[src^="/icons/icon-192.png"]')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/marca-logo-1280x800.png`, fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENS}/marca-logo-390.png`, fullPage: true });

    // A customer's phone: the header shows the logo, and its link still names the chain.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const customer = await context.newPage();
    await customer.goto('/menu');
    const brandLink = customer.getByRole('banner').getByRole('link', { name: 'La Brasa Dorada' });
    await expect(brandLink).toBeVisible();
    const logo = brandLink.locator('img');
    await expect(logo).toHaveAttribute('src', '/icons/logo-96.png');
    // The image the server now serves is the uploaded one, and the header shows it whole.
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(96);
    await customer.screenshot({ path: `${SCREENS}/storefront-header-logo-360.png` });
    await expectNoAxeViolations(customer);
    await context.close();

    // Back to the logo the software ships with.
    await back.click();
    await expect(
      page.getByText('Listo: la tienda vuelve al logo con que se instaló.'),
    ).toBeVisible();
    await expect(back).toHaveCount(0);
    expect((await iconBytes()).equals(shipped)).toBe(true);
  } finally {
    await request.delete('/api/admin/brand/logo', { headers });
  }
});
