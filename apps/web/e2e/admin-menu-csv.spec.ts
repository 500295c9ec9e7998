import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
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

// The menu as a spreadsheet: the admin downloads the CSV, changes a price in the file, imports
// it, sees exactly that change, applies it, and the storefront shows the new price at once. A
// file with a broken row shows the row's error and offers nothing to apply. Runs on the console
// specs' own server, and changes a product (Bowl de Falafel) no other spec reads.

/** The downloaded file, from the screen's button. */
async function downloadMenu(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar menú (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^menu-\d{4}-\d{2}-\d{2}\.csv$/);
  return readFile(await download.path(), 'utf8');
}

/** The file with one product's list price changed (the first `,old,` after its slug). */
function withPrice(csv: string, slug: string, old: number, price: number): string {
  const lines = csv.split('\r\n');
  const at = lines.findIndex((line) => line.split(',')[1] === slug);
  expect(at).toBeGreaterThan(0);
  expect(lines[at]).toContain(`,${old},`);
  lines[at] = lines[at]!.replace(`,${old},`, `,${price},`);
  return lines.join('\r\n');
}

const upload = (page: Page, csv: string) =>
  page.getByLabel('Importar CSV').setInputFiles({
    name: 'menu-editado.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });

test('a price changed in the downloaded CSV is previewed, applied, and shown by the storefront', async ({
  page,
  request,
  browser,
}) => {
  const branch = await terminalBranch(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), branch.id);

  await page.goto('/panel/admin/menu');
  await page.getByRole('link', { name: 'Hoja de cálculo' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Menú en hoja de cálculo' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Menú en hoja de cálculo · Administración · La Brasa Dorada');
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-csv-start');

  const csv = await downloadMenu(page);
  expect(csv.startsWith('\uFEFFproducto_id,slug,categoria,titulo,descripcion,precio,')).toBe(true);
  await upload(page, withPrice(csv, 'bowl-falafel', 25900, 27900));

  const preview = page.getByRole('region', { name: 'Cambios por aplicar' });
  await expect(preview).toContainText('1 cambio en 1 producto.');
  const row = preview.getByRole('row', { name: /Bowl de Falafel/ });
  await expect(row).toContainText('Precio');
  await expect(row).toContainText('$25.900');
  await expect(row).toContainText('$27.900');
  await expect(preview.getByRole('row')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-csv-preview');

  await preview.getByRole('button', { name: 'Aplicar cambios' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Listo: Importó el menú: 1 cambio.' }),
  ).toBeVisible();
  await expect(preview).toBeHidden();
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-csv-applied');

  const shop = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await seedCustomer(shop, null, branch);
  await shop.goto('/category/ensaladas-y-bowls');
  const card = shop
    .getByRole('link')
    .filter({ has: shop.getByRole('heading', { name: 'Bowl de Falafel', exact: true }) });
  await expect(card).toContainText('$27.900');
  await shop.close();
});

test('a file with a broken row names it and offers nothing to apply', async ({ page, request }) => {
  const branch = await terminalBranch(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), branch.id);
  await page.goto('/panel/admin/menu/hoja-de-calculo');

  const csv = await downloadMenu(page);
  const lines = csv.split('\r\n');
  const at = lines.findIndex((line) => line.split(',')[1] === 'flan-de-caramelo');
  lines[at] = lines[at]!.replace(/^(\d+),/, '999999,');
  await upload(page, lines.join('\r\n'));

  const preview = page.getByRole('region', { name: 'Cambios por aplicar' });
  await expect(preview).toContainText('1 fila con errores');
  await expect(preview).toContainText(
    `Fila ${at + 1}: no hay ningún producto con producto_id 999999`,
  );
  await expect(preview.getByRole('button', { name: 'Aplicar cambios' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screens(page, 'admin-menu-csv-errors');
});
