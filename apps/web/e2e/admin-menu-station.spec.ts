import type { AdminProduct, AdminProductSummary, Station } from '@comanda/shared';
import {
  bearer,
  expect,
  expectNoAxeViolations,
  loginApi,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// The product editor's Estación de cocina (decision 072): the admin sends a product to a station
// by its name, saved at once, read back after a reload. Runs on the console specs' own server:
// it changes where a product cooks, which the kitchen specs read.

test('the admin sends a product to Parrilla from its editor, and back to its category', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  const admin = await loginApi(request, 'admin@comanda.test');
  const headers = bearer(admin.access_token);
  const [product] = (
    (await (await request.get('/api/admin/products', { headers })).json()) as {
      results: AdminProductSummary[];
    }
  ).results;
  const read = async () =>
    (
      (await (await request.get(`/api/admin/products/${product!.id}`, { headers })).json()) as {
        results: AdminProduct;
      }
    ).results;
  // Every branch's stations: the one chosen is any station of that name (routing is by name).
  const branches = (
    (await (await request.get('/api/admin/branches', { headers })).json()) as {
      results: { id: number }[];
    }
  ).results;
  const stations: Station[] = [];
  for (const { id } of branches)
    stations.push(
      ...(
        (await (await request.get(`/api/admin/branches/${id}/stations`, { headers })).json()) as {
          results: Station[];
        }
      ).results,
    );

  await page.setViewportSize({ width: 1024, height: 768 });
  await seedPanelSession(page, admin, branch.id);
  await page.goto(`/panel/admin/menu/productos/${product!.id}`);
  const card = page.getByRole('region', { name: 'Estación de cocina' });
  const select = card.getByLabel('Dónde se prepara en cada sede');
  await expect(select).toBeEnabled();
  await expect(select).toHaveValue('');
  await select.selectOption('Parrilla');
  await expect(card.getByRole('status')).toHaveText('Estación guardada.');
  const grill = (await read()).station_id;
  expect(stations.find((station) => station.id === grill)?.name).toBe('Parrilla');
  await expectNoAxeViolations(page);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('estacion-1024x768.png') });

  await page.reload();
  await expect(select).toHaveValue('Parrilla');
  await select.selectOption({ label: 'La de su categoría' });
  await expect(card.getByRole('status')).toHaveText('Estación guardada.');
  expect((await read()).station_id).toBeNull();
});
