import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from './base-test';

// One account logged in on two devices (two browser contexts, nothing shared): from one, the
// customer sees both sessions and closes the other, which is logged out.

let sequence = 0;
async function newCustomer(request: APIRequestContext) {
  sequence += 1;
  const stamp = `${Date.now()}${process.pid}${sequence}`;
  const customer = {
    name: 'Prueba Sesiones',
    email: `sesiones.${stamp}@comanda.test`,
    phone: `3${stamp.slice(-9)}`,
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

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** From /pedidos, the account screen that links to the sessions, to /sesiones. */
async function openSessions(page: Page) {
  await page.goto('/pedidos');
  await page.getByRole('link', { name: 'Sesiones abiertas en tus dispositivos' }).click();
  await expect(page).toHaveURL(/\/sesiones$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sesiones' })).toBeVisible();
  return page.getByRole('list', { name: 'Dispositivos con tu sesión abierta' });
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

  test('/sesiones sends a logged-out visitor away', async ({ page }) => {
    await page.goto('/sesiones');
    await expect(page).toHaveURL(/\/$/);
  });
});
