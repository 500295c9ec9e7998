import type { Page } from '@playwright/test';
import {
  bearer,
  branchBySlug,
  expect,
  expectNoAxeViolations,
  loginApi,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// The slot capacity from a branch's own console (decision 090): the chain's admin allows it for
// the branch in Sedes, and only then does the branch's staff see «Pedidos programados» in
// Controles and set it; the back office reads what they set.

const TABLET = { width: 1024, height: 768 };

// The screen as the tablet shows it (Controles' product list makes the whole page very tall).
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/slot-capacity-${name}.png` });

test('the admin lets Campiña set its slot capacity; its staff set it in Controles', async ({
  page,
  request,
}) => {
  await page.setViewportSize(TABLET);
  const campina = await branchBySlug(request, 'campina');
  const admin = await loginApi(request, 'admin@comanda.test');
  const stored = async () =>
    (
      (await (
        await request.get(`/api/admin/branches/${campina.id}`, {
          headers: bearer(admin.access_token),
        })
      ).json()) as {
        results: { orders_per_slot: number | null; staff_sets_capacity: boolean; version: number };
      }
    ).results;
  const before = await stored();
  expect(before.staff_sets_capacity).toBe(false);

  // Campiña's staff: no such control while the back office holds the capacity.
  const staff = await loginApi(request, 'campina@comanda.test');
  await seedPanelSession(page, staff, campina.id);
  await page.goto('/panel/controles');
  await expect(page.getByRole('heading', { level: 1, name: 'Controles de Campiña' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pedidos programados' })).toHaveCount(0);

  // The admin ticks it in Sedes › Campiña.
  const terminal = await terminalBranch(request);
  await seedPanelSession(page, admin, terminal.id);
  await page.goto(`/panel/admin/sedes/${campina.id}/datos`);
  const capacity = page.getByRole('form', { name: 'Pedidos programados' });
  await capacity
    .getByLabel('El personal de la sede puede cambiar los pedidos por franja desde su consola')
    .check();
  await capacity.getByRole('button', { name: 'Guardar capacidad' }).click();
  await expect(capacity.getByText('Capacidad guardada.')).toBeVisible();
  expect((await stored()).staff_sets_capacity).toBe(true);
  await expectNoAxeViolations(page);

  // The staff now find it in Controles, refuse a wrong number in Spanish, and save a right one.
  await seedPanelSession(page, staff, campina.id);
  await page.goto('/panel/controles');
  const control = page.getByRole('region', { name: 'Pedidos programados' });
  const field = control.getByLabel('Pedidos por franja de 15 minutos (vacío: sin límite)');
  await field.fill('mil');
  await control.getByRole('button', { name: 'Guardar' }).click();
  await expect(control.getByRole('alert')).toHaveText('Un número de 0 a 500; vacío: sin límite.');
  await field.fill('40');
  await control.getByRole('button', { name: 'Guardar' }).click();
  await expect(control.getByText('Capacidad guardada.')).toBeVisible();
  expect((await stored()).orders_per_slot).toBe(40);
  await expectNoAxeViolations(page);
  await shot(page, 'controles-1024');

  // As it was, for the specs that schedule at Campiña.
  const back = await request.put(`/api/admin/branches/${campina.id}/capacity`, {
    headers: bearer(admin.access_token),
    data: {
      orders_per_slot: before.orders_per_slot,
      staff_sets_capacity: false,
      version: (await stored()).version,
    },
  });
  expect(back.status()).toBe(200);
});
