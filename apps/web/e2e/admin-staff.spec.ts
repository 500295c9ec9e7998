import { weakPasswordMessage } from '@comanda/shared';
import { expect, test, type Page } from './base-test';
import {
  branchBySlug,
  expectNoAxeViolations,
  loginApi,
  panelLogin,
  seedPanelSession,
} from './console-support';
import { uniquePhone } from './unique';

// /panel/admin/personal: the chain's admin creates a staff account for one branch, that account
// runs only that branch, and deactivating it logs its open console out. Against the config's
// server: a new account upsets no other spec.

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['360', { width: 360, height: 740 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `test-results/screens/admin-staff-${name}-${label}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the admin creates a staff account for one branch; deactivating it logs its open console out', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const campina = await branchBySlug(request, 'campina');
  const admin = await loginApi(request, 'admin@comanda.test');
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, campina.id);
  await page.goto('/panel/admin/personal');

  // The list: staff and admins, never customers; searchable.
  await expect(page.getByRole('heading', { level: 1, name: 'Personal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Equipo Campiña' })).toBeVisible();
  await expect(page.getByText('cliente@comanda.test')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'list');
  await page.getByLabel('Buscar por nombre, email, celular o sede').fill('campiña');
  await expect(page.getByRole('heading', { name: 'Equipo Campiña' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Administración Comanda' })).toHaveCount(0);
  await page.getByLabel('Buscar por nombre, email, celular o sede').fill('');

  // A new account: the shared schema's messages first, then a valid one for Campiña only.
  await page.getByRole('link', { name: 'Nueva cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva cuenta' })).toBeVisible();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('El nombre es requerido')).toBeVisible();
  await expect(page.getByText('Elige al menos una sede para el personal.')).toBeVisible();
  await expect(page.getByText('El password debe tener al menos 12 caracteres')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'new-errors');

  const stamp = `${Date.now()}`.slice(-8);
  const email = `cajera.${stamp}@comanda.test`;
  const password = 'arepa de choclo con queso';
  await page.getByLabel('Nombre', { exact: true }).fill('Lucía Cajera');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Celular', { exact: true }).fill(uniquePhone('31'));
  await page.getByRole('checkbox', { name: campina.title }).check();
  // Long enough for the shared rule, weak by the server's strength estimate: its reason shows.
  await page.getByLabel('Contraseña inicial', { exact: true }).fill('comandacomanda');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByLabel('Contraseña inicial', { exact: true })).toHaveAccessibleDescription(
    new RegExp(weakPasswordMessage('staff', 'repeat').replace(/[()]/g, '\\$&')),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva cuenta' })).toBeVisible();
  await page.getByLabel('Contraseña inicial', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lucía Cajera' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cuenta creada' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'account');

  // The new account logs in on another device and runs Campiña, and nothing else.
  const device = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const staffPage = await device.newPage();
  await panelLogin(staffPage, email, password);
  await expect(staffPage.getByText(`Sede ${campina.title}`)).toBeVisible();
  await expect(staffPage.getByText('En línea', { exact: true })).toBeVisible();
  await expect(staffPage.getByRole('button', { name: 'Cambiar sede' })).toHaveCount(0);
  await expect(staffPage.getByRole('link', { name: 'Administrar' })).toHaveCount(0);

  // Deactivated: its open console goes back to the login form on its own.
  await page.getByRole('button', { name: 'Desactivar cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Desactivar la cuenta de Lucía Cajera?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'deactivate-dialog');
  await dialog.getByRole('button', { name: 'Desactivar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cuenta desactivada' })).toBeVisible();
  await expect(page.getByText('Personal de sede · Cuenta desactivada')).toBeVisible();
  await expect(staffPage.getByRole('button', { name: 'Ingresar' })).toBeVisible({
    timeout: 15_000,
  });

  // And it cannot log in again.
  await staffPage.getByLabel('Email o celular').fill(email);
  await staffPage.getByLabel('Contraseña', { exact: true }).fill(password);
  await staffPage.getByRole('button', { name: 'Ingresar' }).click();
  await expect(staffPage.getByText('Esta cuenta está desactivada.')).toBeVisible();
  await device.close();

  // The list shows it deactivated.
  await page.getByRole('link', { name: '← Volver al personal' }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Lucía Cajera' }).getByText('Desactivada'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'list-after');
});

test('the last active admin cannot be deactivated: the dialog says why and nothing changes', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const admin = await loginApi(request, 'admin@comanda.test');
  await seedPanelSession(page, admin, campina.id);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/panel/admin/personal/${admin.user.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Administración Comanda' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Desactivar cuenta' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Desactivar', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/última cuenta de administración activa/);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Administración · Cuenta activa')).toBeVisible();
});
