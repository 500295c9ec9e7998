import { TOTP, URI } from 'otpauth';
import { expect, test, type Page } from './base-test';
import {
  bearer,
  branchBySlug,
  expectNoAxeViolations,
  loginApi,
  panelLogin,
  seedPanelSession,
} from './console-support';

// The second factor of the console (decision 044): an admin turns it on in Seguridad (QR code,
// a code from the app, the recovery codes once) and from then on the login asks for the code
// after the password. Against the config's server, with an admin of its own: the demo admin
// (which other specs log in as) is left as it is, and so is the chain's setting.

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['360', { width: 360, height: 740 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `test-results/screens/second-factor-${name}-${label}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const PASSWORD = 'faro verde sobre la colina del puerto';

test('an admin enrols the second factor and then logs in with a code from the app', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `seguridad-${Date.now()}@comanda.test`;
  const demoAdmin = await loginApi(request, 'admin@comanda.test');
  const created = await request.post('/api/admin/staff', {
    headers: bearer(demoAdmin.access_token),
    data: {
      name: 'Admin Seguridad',
      email,
      phone: `31${String(Date.now()).slice(-8)}`,
      role: 'admin',
      branch_ids: [],
      password: PASSWORD,
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = ((await created.json()) as { results: { id: number } }).results;

  await page.setViewportSize({ width: 1280, height: 800 });
  await panelLogin(page, email, PASSWORD);
  await page.getByRole('button', { name: /Campiña/ }).click();
  await page.getByRole('link', { name: 'Seguridad', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seguridad' })).toBeVisible();
  await expect(
    page.getByText('Desactivada. Es opcional para tu cuenta, y recomendada.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  await page.getByRole('button', { name: 'Generar código QR' }).click();

  // The QR code is drawn on the page (no request), and carries what the app needs; the key is
  // there in text too, for typing by hand.
  const qr = page.getByRole('img', { name: 'Código QR para tu app de autenticación' });
  await expect(qr).toBeVisible();
  const uri = await page.locator('[data-otpauth-uri]').getAttribute('data-otpauth-uri');
  expect(uri).toMatch(/^otpauth:\/\/totp\/Comanda:/);
  const totp = URI.parse(uri!);
  expect(totp).toBeInstanceOf(TOTP);
  await expect(page.getByTestId('totp-secret')).toHaveText(
    totp.secret.base32.match(/.{1,4}/g)!.join(' '),
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'enrol');

  await page.getByLabel('Código de 6 dígitos').fill('000000');
  await page.getByRole('button', { name: 'Activar', exact: true }).click();
  await expect(page.getByText('Código incorrecto')).toBeVisible();
  const enrolledAt = Date.now();
  await page.getByLabel('Código de 6 dígitos').fill(totp.generate({ timestamp: enrolledAt }));
  await page.getByRole('button', { name: 'Activar', exact: true }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await expectNoAxeViolations(page);
  await shoot(page, 'recovery-codes');
  await page.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(page.getByText('Te quedan 10 códigos de recuperación.')).toBeVisible();

  // Out, and in again: the password, then the code.
  await page.getByRole('button', { name: 'Salir' }).click();
  await panelLogin(page, email, PASSWORD);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' }),
  ).toBeVisible();
  await page.getByLabel('Código de verificación').fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Código incorrecto')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'code-step');

  // The enrolment's code was spent: the app's next one (inside the ±1 step window) lets them in.
  await page
    .getByLabel('Código de verificación')
    .fill(totp.generate({ timestamp: enrolledAt + 30_000 }));
  await page.getByRole('button', { name: 'Verificar' }).click();
  // This device remembers its branch: straight to the board.
  await expect(page.getByText('Sede Campiña')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administrar' })).toBeVisible();

  // The back office's Seguridad says who must have it (looked at, not changed: the setting is
  // the chain's, and the other specs' admin logs in with a password only).
  await page.getByRole('link', { name: 'Administrar' }).click();
  await page
    .getByRole('navigation', { name: 'Administración' })
    .getByRole('link', { name: 'Seguridad' })
    .click();
  await expect(page).toHaveURL(/\/panel\/admin\/seguridad$/);
  await expect(page.getByLabel('La administración debe usarla')).not.toBeChecked();
  await expect(page.getByLabel('El personal de sede debe usarla')).not.toBeChecked();
  await expectNoAxeViolations(page);
  await shoot(page, 'settings');

  // A lost phone: another admin takes the factor away in Personal.
  await seedPanelSession(page, demoAdmin, (await branchBySlug(request, 'campina')).id);
  await page.goto(`/panel/admin/personal/${id}`);
  const card = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await card.getByRole('button', { name: 'Quitar la verificación en dos pasos' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Quitar', exact: true }).click();
  await expect(
    page.getByText('Verificación en dos pasos quitada. Sus sesiones se cerraron.'),
  ).toBeVisible();
  await expect(card.getByText('No la tiene activa.')).toBeVisible();
  await expectNoAxeViolations(page);
});
