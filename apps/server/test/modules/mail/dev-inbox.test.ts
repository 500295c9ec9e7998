import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devInboxPage } from '../../../src/modules/mail/dev-inbox-page';
import { buildTestApp, type TestApp } from '../../helpers/app';

// Development without SMTP_URL: the outbox delivers to /dev/correos, where the whole message,
// reset link included, can be read; the database keeps only the sealed link, as in production.

let dev: TestApp;
let test: TestApp;

beforeAll(async () => {
  dev = await buildTestApp({
    NODE_ENV: 'development',
    PUBLIC_URL: 'http://localhost:4321',
    AUTH_RATE_LIMIT_PER_IP: 10_000,
  });
  test = await buildTestApp();
});
afterAll(async () => {
  await dev.close();
  await test.close();
});

async function register(t: TestApp, email: string) {
  const password = 'una-clave-segura';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Cliente Correo',
      email,
      phone: `31${String(Date.now()).slice(-8)}`,
      password,
      password_confirmation: password,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const inbox = (t: TestApp) => t.app.inject({ method: 'GET', url: '/dev/correos' });

describe('the development inbox', () => {
  it('shows a reset message whole, with a link that resets the password', async () => {
    const email = `dev-${Date.now()}@ejemplo.co`;
    await register(dev, email);
    const forgot = await dev.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(200);
    await dev.app.passwordReset.settled();
    await dev.app.mail.sender!.deliverDue();

    const page = await inbox(dev);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    const token = /http:\/\/localhost:4321\/[^\s"<]*[?&]token=([A-Za-z0-9_-]+)/.exec(
      page.body,
    )?.[1];
    expect(token, page.body).toBeTruthy();

    // The outbox row never held the link in the clear.
    const rows = await dev.app.db
      .selectFrom('outbox')
      .select(['text_body', 'status'])
      .where('to_address', '=', email)
      .execute();
    expect(rows.some((row) => row.text_body.includes(token!))).toBe(false);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);

    const password = 'otra frase larga de verdad';
    const reset = await dev.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password, password_confirmation: password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('escapes what a message carries, links made clickable', () => {
    const page = devInboxPage([
      {
        to: '<b>x</b>@ejemplo.co',
        subject: '<script>alert(1)</script>',
        text: 'Entra a https://tienda.example/a?b=1 "ya"',
        html: '<p onclick="x()">hola</p>',
        messageId: '<1@comanda.local>',
        receivedAt: '2026-12-03T10:00:00.000Z',
      },
    ]);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>x</b>');
    expect(page).toContain('srcdoc="&lt;p onclick=&quot;x()&quot;&gt;hola&lt;/p&gt;"');
    expect(page).toContain('<a href="https://tienda.example/a?b=1" target="_blank"');
  });

  it('is not served outside development', async () => {
    const page = await inbox(test);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Correos de desarrollo');
  });
});
