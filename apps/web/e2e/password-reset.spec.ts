import Database from 'better-sqlite3';
import { createSecretBox, DEVELOPMENT_SECRETS_KEY } from '../../server/src/lib/secret-box';
import { secretContext, withSecret } from '../../server/src/modules/mail/templates';
import { expect, expectNoAxeViolations, test } from './base-test';
import {
  bearer,
  branchBySlug,
  cartLine,
  loginApi,
  newCustomer,
  paymentTypes,
  readOrder,
  seedCustomer,
  seedPanelSession,
  terminalBranch,
} from './console-support';
import { uniquePhone } from './unique';

// "¿Olvidaste tu contraseña?" from the login screen to logging in with the new password. The
// browser-test server has no SMTP_URL, so the email waits in the outbox: the test reads the link
// from there, as the customer would from their mail, opening its sealed token (decision 075)
// with the development key the test server runs with, as the sender would.

const SHOTS = 'test-results/password-reset';

/**
 * The reset link of the newest message to this address, read from the outbox of the server's
 * database (playwright.config.ts names its folder after the server's port); null until the
 * server has written it (it does so after answering, decision 076).
 */
function outboxLink(baseURL: string, email: string): string | null {
  const db = new Database(`test-results/e2e-db-${new URL(baseURL).port}/comanda.db`, {
    readonly: true,
  });
  try {
    const row = db
      .prepare(
        "select text_body, secret from outbox where to_address = ? and kind = 'password-reset' order by id desc limit 1",
      )
      .get(email) as { text_body: string; secret: string | null } | undefined;
    const box = createSecretBox({ current: DEVELOPMENT_SECRETS_KEY, previous: [] });
    const token = row?.secret ? box.open(row.secret, secretContext(email)) : null;
    const link = /https?:\/\/\S+\/restablecer\?token=…/.exec(row?.text_body ?? '');
    return link && token ? withSecret(link[0], token) : null;
  } finally {
    db.close();
  }
}

/** The reset link once the server has mailed it. */
async function emailedLink(baseURL: string, email: string): Promise<string> {
  await expect.poll(() => outboxLink(baseURL, email), { timeout: 5000 }).not.toBeNull();
  return outboxLink(baseURL, email)!;
}

test('a customer who forgot the password gets a link, sets a new one and logs in with it', async ({
  page,
  request,
  baseURL,
}) => {
  // Milliseconds last: the phone is the last 9 digits, which must differ between spec files too.
  const stamp = `${process.pid}${Date.now()}`;
  const email = `olvido.${stamp}@comanda.test`;
  const old = 'secreto-123-viejo';
  const registered = await request.post('/api/register', {
    data: {
      name: 'Prueba Olvido',
      email,
      phone: uniquePhone(),
      password: old,
      password_confirmation: old,
    },
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/restablecer$/);
  await expect(page.getByRole('heading', { name: '¿OLVIDASTE TU CONTRASEÑA?' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/forgot-360.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByLabel('Email de tu cuenta', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await expect(page.getByRole('status')).toContainText('Si hay una cuenta con ese email');

  // The link from the email, on another visit.
  const link = new URL(await emailedLink(baseURL!, email));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'NUEVA CONTRASEÑA' })).toBeVisible();
  await expectNoAxeViolations(page);
  const fresh = 'una frase nueva y larga';
  await page.getByLabel('Contraseña nueva', { exact: true }).fill(fresh);
  await page.getByLabel('Confirma la contraseña nueva', { exact: true }).fill(fresh);
  await page.screenshot({ path: `${SHOTS}/reset-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Listo: tu contraseña cambió.')).toBeVisible();

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('otra frase distinta y larga');
  await page
    .getByLabel('Confirma la contraseña nueva', { exact: true })
    .fill('otra frase distinta y larga');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Este enlace ya no sirve')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email o celular').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Iniciar' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('forgotten at checkout: the emailed link, a new password, and the order is placed with it', async ({
  page,
  request,
  baseURL,
}) => {
  const customer = await newCustomer(request, 'Prueba Olvido Checkout');
  expect((await request.post('/api/logout', { headers: bearer(customer.access_token) })).ok()).toBe(
    true,
  );
  const branch = await terminalBranch(request);
  const [payment] = await paymentTypes(request);
  if (!payment) throw new Error('No payment types');
  const line = await cartLine(request, branch, 'hamburguesa-clasica');
  await seedCustomer(page, null, branch, [line]);

  await page.goto('/opciones-de-pago');
  const panel = page.getByRole('region', { name: 'Ingresa para confirmar tu pedido' });
  await panel.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/restablecer$/);
  await page.getByLabel('Email de tu cuenta', { exact: true }).fill(customer.user.email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  // The cart's own live region is on the page too.
  await expect(
    page.getByRole('status').filter({ hasText: 'Si hay una cuenta con ese email' }),
  ).toBeVisible();

  const link = new URL(await emailedLink(baseURL!, customer.user.email));
  await page.goto(`${link.pathname}${link.search}`);
  const fresh = 'otra frase nueva y larga';
  await page.getByLabel('Contraseña nueva', { exact: true }).fill(fresh);
  await page.getByLabel('Confirma la contraseña nueva', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await page.getByLabel('Email o celular').fill(customer.user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Iniciar' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The cart waited through it all: back to checkout, and the order goes.
  await page.goto('/opciones-de-pago');
  await page.getByRole('radio', { name: payment.parameter.description }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/confirmacion\?pedido=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('pedido'));
  const session = await loginApi(request, customer.user.email, fresh);
  const order = await readOrder(request, session.access_token, orderId);
  expect(order.detail.map((item) => item.title)).toEqual([line.title]);
  expect(order.status).toBe('received');
});

test('the back office’s Correos shows the reset email without its link', async ({
  page,
  request,
}) => {
  const forgot = await request.post('/api/password/forgot', {
    data: { email: 'cliente@comanda.test' },
  });
  expect(forgot.ok()).toBe(true);
  const admin = await loginApi(request, 'admin@comanda.test');
  const campina = await branchBySlug(request, 'campina');
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, campina.id);
  await page.goto('/panel/admin/correos');
  await expect(page.getByRole('heading', { name: 'Correos' })).toBeVisible();
  const row = page
    .getByRole('list', { name: 'Correos' })
    .getByRole('listitem')
    .filter({ hasText: 'cliente@comanda.test' })
    .first();
  await expect(row).toContainText('Por enviar');
  await expect(row).toContainText('Restablece tu contraseña de La Brasa Dorada');
  await row.getByText('Ver el correo').click();
  await expect(row.locator('pre')).toContainText('restablecer?token=…');
  await page.screenshot({ path: `${SHOTS}/correos-1280.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/correos-1024.png`, fullPage: true });
});
