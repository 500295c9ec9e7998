import Database from 'better-sqlite3';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from './base-test';
import { uniquePhone } from './unique';

// One account logged in on two devices (two browser contexts, nothing shared): from one, the
// customer sees both sessions and closes the other, which is logged out.

let sequence = 0;
async function newCustomer(request: APIRequestContext) {
  sequence += 1;
  // Milliseconds last: the phone is the last 9 digits, which must differ between spec files too.
  const stamp = `${process.pid}${sequence}${Date.now()}`;
  const customer = {
    name: 'Prueba Sesiones',
    email: `sesiones.${stamp}@comanda.test`,
    phone: uniquePhone(),
    password: 'secreto-123',
  };
  const response = await request.post('/api/register', {
    data: { ...customer, password_confirmation: customer.password },
  });
  expect(response.ok()).toBe(true);
  // Registering logs in too: that session is not one of the two devices.
  const { access_token } = (await response.json()) as { access_token: string };
  expect(
    (
      await request.post('/api/logout', { headers: { Authorization: `Bearer ${access_token}` } })
    ).ok(),
  ).toBe(true);
  return customer;
}

/** A fresh browser context (a device of its own) logged in through the login form. */
async function deviceLoggedIn(browser: Browser, customer: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email o celular').fill(customer.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Iniciar' }).click();
  await expect(page).toHaveURL(/\/$/);
  return { context, page };
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const stored = localStorage.getItem('storage');
    return stored
      ? ((JSON.parse(stored) as { access_token: string | null }).access_token ?? null)
      : null;
  });
}

/** From /pedidos, the link to the account screen, /sesiones. */
async function openSessions(page: Page) {
  await page.goto('/pedidos');
  await page
    .getByRole('link', { name: 'Tu cuenta: email, contraseña y sesiones abiertas' })
    .click();
  await expect(page).toHaveURL(/\/sesiones$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu cuenta' })).toBeVisible();
  return page.getByRole('list', { name: 'Dispositivos con tu sesión abierta' });
}

/**
 * The subjects of the mail written to this address, oldest first, read from the outbox of the
 * server's database (the browser-test server has no SMTP_URL: mail waits there).
 */
function mailTo(baseURL: string, email: string): string[] {
  const db = new Database(`test-results/e2e-db-${new URL(baseURL).port}/comanda.db`, {
    readonly: true,
  });
  try {
    return (
      db.prepare('select subject from outbox where to_address = ? order by id').all(email) as {
        subject: string;
      }[]
    ).map((row) => row.subject);
  } finally {
    db.close();
  }
}

test.describe('sessions', () => {
  test('one device lists both sessions and closes the other, whose socket and screen log out at once', async ({
    browser,
    request,
  }) => {
    const customer = await newCustomer(request);
    const here = await deviceLoggedIn(browser, customer);
    const there = await deviceLoggedIn(browser, customer);
    try {
      // The other device sits on an account screen, its socket open.
      await there.page.goto('/pedidos');
      await expect(
        there.page.getByRole('heading', { level: 1, name: 'Historial de Pedidos' }),
      ).toBeVisible();
      const theirToken = await storedToken(there.page);

      const list = await openSessions(here.page);
      await expect(list.getByRole('listitem')).toHaveCount(2);
      const mine = list.getByRole('listitem').filter({ hasText: 'Este dispositivo' });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText('Chrome en Linux');
      await expect(
        list.getByRole('listitem').filter({ hasNotText: 'Este dispositivo' }),
      ).toContainText(/Último uso: hace (un momento|\d+ minutos?)/);
      await expectNoAxeViolations(here.page);

      await here.page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
      await expect(here.page.getByRole('status')).toHaveText('Cerramos 1 sesión.');
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(here.page.getByText('Solo tienes la sesión de este dispositivo.')).toBeVisible();
      await expectNoAxeViolations(here.page);

      // The other device: its socket is closed by the server, it finds its token dead and leaves
      // the account screen, logged out, without anyone touching it.
      await expect(there.page).toHaveURL(/\/$/, { timeout: 10_000 });
      expect(await storedToken(there.page)).toBeNull();
      expect(
        (
          await request.get('/api/me', { headers: { Authorization: `Bearer ${theirToken}` } })
        ).status(),
      ).toBe(401);

      // This device is still logged in.
      await here.page.reload();
      await expect(list.getByRole('listitem')).toHaveCount(1);
    } finally {
      await Promise.all([here.context.close(), there.context.close()]);
    }
  });

  test('without a live connection, the closed device is logged out by its next API call', async ({
    browser,
    request,
  }) => {
    const customer = await newCustomer(request);
    const here = await deviceLoggedIn(browser, customer);
    const there = await deviceLoggedIn(browser, customer);
    try {
      // No real-time connection for this device (neither websocket nor polling): only the API can tell it.
      await there.context.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
      await there.context.route(/\/socket\.io\//, (route) => route.abort());
      await there.page.goto('/favoritos');
      await expect(there.page.getByRole('heading', { level: 1 })).toBeVisible();

      await openSessions(here.page);
      await here.page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
      await expect(here.page.getByRole('status')).toHaveText('Cerramos 1 sesión.');

      // Its next call (the order history) answers 401: the device forgets the session and leaves.
      const history = there.page.waitForResponse((response) =>
        response.url().includes('/api/cart-history'),
      );
      await there.page.getByRole('button', { name: 'Abrir menú' }).click();
      await there.page
        .getByRole('dialog', { name: 'Bienvenido' })
        .getByRole('link', { name: 'Mis Pedidos' })
        .click();
      expect((await history).status()).toBe(401);
      await expect(there.page).toHaveURL(/\/$/);
      expect(await storedToken(there.page)).toBeNull();
      await there.page.getByRole('button', { name: 'Abrir menú' }).click();
      await expect(
        there.page.getByRole('dialog', { name: 'Bienvenido' }).getByRole('link'),
      ).toHaveText(['Ir al Menu', 'Login o Registro']);
    } finally {
      await Promise.all([here.context.close(), there.context.close()]);
    }
  });

  test('Tu cuenta: a new password needs the current one and logs the other device out; a new email is told to the old address', async ({
    browser,
    request,
    baseURL,
  }) => {
    const customer = await newCustomer(request);
    const here = await deviceLoggedIn(browser, customer);
    const there = await deviceLoggedIn(browser, customer);
    const page = here.page;
    try {
      await openSessions(page);
      const passwordForm = page.getByRole('form', { name: 'Cambiar contraseña' });
      await passwordForm.getByLabel('Contraseña actual', { exact: true }).fill('no-es-la-clave');
      await passwordForm
        .getByLabel('Contraseña nueva', { exact: true })
        .fill('una frase nueva y larga');
      await passwordForm
        .getByLabel('Confirma la contraseña nueva', { exact: true })
        .fill('una frase nueva y larga');
      await passwordForm.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect(
        passwordForm.getByLabel('Contraseña actual', { exact: true }),
      ).toHaveAccessibleDescription('La contraseña actual no es correcta');
      await expect(passwordForm.getByLabel('Contraseña actual', { exact: true })).toBeFocused();
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: 'test-results/account/cuenta-360-error.png', fullPage: true });

      await passwordForm.getByLabel('Contraseña actual', { exact: true }).fill(customer.password);
      await passwordForm.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'tu contraseña cambió' })).toHaveText(
        'Listo: tu contraseña cambió. Cerramos tus otras sesiones y te avisamos por correo.',
      );
      await expect(passwordForm.getByLabel('Contraseña actual', { exact: true })).toHaveValue('');
      // The other device is out; this one stays, its list down to itself.
      await expect(there.page).toHaveURL(/\/$/, { timeout: 10_000 });
      await expect(
        page
          .getByRole('list', { name: 'Dispositivos con tu sesión abierta' })
          .getByRole('listitem'),
      ).toHaveCount(1);
      await expectNoAxeViolations(page);

      const newEmail = customer.email.replace('sesiones.', 'cambiado.');
      const emailForm = page.getByRole('form', { name: 'Cambiar email' });
      await emailForm.getByLabel('Email nuevo').fill(newEmail.toUpperCase());
      await emailForm
        .getByLabel('Contraseña actual', { exact: true })
        .fill('una frase nueva y larga');
      await emailForm.getByRole('button', { name: 'Cambiar email' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'tu email cambió' })).toBeVisible();
      await expect(page.getByText(`Tu email: ${newEmail}`)).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: 'test-results/account/cuenta-1280.png', fullPage: true });

      // Both changes were announced to the address the account had.
      expect(mailTo(baseURL!, customer.email)).toEqual([
        'Tu contraseña de La Brasa Dorada cambió',
        'El email de tu cuenta de La Brasa Dorada cambió',
      ]);
      const login = await request.post('/api/login', {
        data: { email_login: newEmail, password_login: 'una frase nueva y larga' },
      });
      expect(login.status()).toBe(200);
    } finally {
      await Promise.all([here.context.close(), there.context.close()]);
    }
  });

  test('/sesiones sends a logged-out visitor away', async ({ page }) => {
    await page.goto('/sesiones');
    await expect(page).toHaveURL(/\/$/);
  });
});
