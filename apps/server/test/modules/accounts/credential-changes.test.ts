import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, CREDENTIAL_MESSAGES } from '@comanda/shared';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { startSmtpServer, type SmtpTestServer } from '../../helpers/smtp';
import { connected, disconnected, listen, openSocket } from '../../helpers/sockets';

// The account's own password and email, changed from /cuenta and announced through a real SMTP
// server to the address the account had.

let t: TestApp;
let smtp: SmtpTestServer;
let url: string;
const sockets: Socket[] = [];
const PASSWORD = 'una-clave-segura';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_PER_IP: 10_000,
    AUTH_RATE_LIMIT_PER_ACCOUNT: 5,
  });
  url = await listen(t.app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

let counter = 0;
const uniqueEmail = (stem: string) => `${stem}${(counter += 1)}-${Date.now()}@ejemplo.co`;

async function customer() {
  const email = uniqueEmail('cuenta');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: `Cliente ${counter}`,
      email,
      phone: `35${String(Date.now() + counter).slice(-8)}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, token: res.json().access_token as string };
}

const login = async (email: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: email, password_login: password },
    })
  ).statusCode;
const me = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;
const changePassword = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/account/password',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
const changeEmail = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/account/email',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
const newPassword = (current: string, password = 'otra frase larga de verdad') => ({
  current_password: current,
  password,
  password_confirmation: password,
});

/** The messages delivered since `before`, after a delivery round. */
async function deliveredSince(before: number, count: number) {
  await t.app.mail.sender!.deliverDue();
  return (await smtp.waitFor(before + count)).slice(before);
}

describe('changing the password from the account', () => {
  it('needs the current password; then ends the other sessions, keeps this one and tells the owner', async () => {
    const { email, token } = await customer();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: email, password_login: PASSWORD },
    });
    const otherToken = elsewhere.json().access_token as string;
    const socket = openSocket(url, otherToken);
    sockets.push(socket);
    await connected(socket);
    const closed = disconnected(socket);
    const before = smtp.received.length;

    const wrong = await changePassword(token, newPassword('no-es-la-clave'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual([
      CREDENTIAL_MESSAGES.currentPasswordWrong,
    ]);
    expect(await login(email, PASSWORD)).toBe(200);

    const res = await changePassword(token, newPassword(PASSWORD));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect(await closed).toBe('io server disconnect');
    expect(await me(otherToken)).toBe(401);
    expect(await me(token)).toBe(200);
    expect(await login(email, PASSWORD)).toBe(400);
    expect(await login(email, 'otra frase larga de verdad')).toBe(200);

    const [notice] = await deliveredSince(before, 1);
    expect(notice!.to).toEqual([email]);
    expect(notice!.subject).toBe('Tu contraseña de La Brasa Dorada cambió');
    expect(notice!.body).toContain('desde tu cuenta');
  });

  it('refuses a weak password or a wrong confirmation, changing nothing and sending nothing', async () => {
    const { email, token } = await customer();
    const outboxBefore = (await t.app.mail.list(1000)).length;

    const common = await changePassword(token, newPassword(PASSWORD, 'password123'));
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toEqual([ACCOUNT_MESSAGES.passwordCommon]);
    const mismatch = await changePassword(token, {
      current_password: PASSWORD,
      password: 'otra frase larga de verdad',
      password_confirmation: 'otra frase distinta',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.password_confirmation).toEqual([
      ACCOUNT_MESSAGES.confirmationMismatch,
    ]);
    const missing = await changePassword(token, { password: 7 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.current_password).toEqual([
      CREDENTIAL_MESSAGES.currentPasswordRequired,
    ]);

    expect(await login(email, PASSWORD)).toBe(200);
    expect((await t.app.mail.list(1000)).length).toBe(outboxBefore);
  });

  it('counts guesses at the current password per account, as login does', async () => {
    const { token } = await customer();
    for (let n = 0; n < 5; n += 1)
      expect((await changePassword(token, newPassword(`mala-${n}-clave`))).statusCode).toBe(400);
    const limited = await changePassword(token, newPassword(PASSWORD));
    expect(limited.statusCode).toBe(429);
    expect(typeof limited.json().message).toBe('string');
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      payload: newPassword(PASSWORD),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('changing the email from the account', () => {
  it('needs the password; the old address hears of it, and the new one logs in', async () => {
    const { email, token } = await customer();
    const next = uniqueEmail('nuevo');
    const before = smtp.received.length;

    const wrong = await changeEmail(token, { email: next, current_password: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual([
      CREDENTIAL_MESSAGES.currentPasswordWrong,
    ]);

    const res = await changeEmail(token, { email: next.toUpperCase(), current_password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(next);
    expect(await login(next, PASSWORD)).toBe(200);
    expect(await login(email, PASSWORD)).toBe(400);

    const [notice] = await deliveredSince(before, 1);
    expect(notice!.to).toEqual([email]);
    expect(notice!.subject).toBe('El email de tu cuenta de La Brasa Dorada cambió');
    expect(notice!.body).toContain(next);
  });

  it('refuses the same email, one taken by another account, and a malformed one', async () => {
    const { email, token } = await customer();
    const other = await customer();
    const same = await changeEmail(token, { email, current_password: PASSWORD });
    expect(same.json().errors.email).toEqual([CREDENTIAL_MESSAGES.sameEmail]);
    const taken = await changeEmail(token, { email: other.email, current_password: PASSWORD });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.email).toEqual([ACCOUNT_MESSAGES.emailTaken]);
    const malformed = await changeEmail(token, { email: 'sin-arroba', current_password: PASSWORD });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.email).toEqual([ACCOUNT_MESSAGES.emailInvalid]);
    expect(await login(email, PASSWORD)).toBe(200);
  });

  it('gives one email to one account when two ask for it at once', async () => {
    const first = await customer();
    const second = await customer();
    const wanted = uniqueEmail('disputado');
    const answers = await Promise.all([
      changeEmail(first.token, { email: wanted, current_password: PASSWORD }),
      changeEmail(second.token, { email: wanted, current_password: PASSWORD }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((res) => res.statusCode === 400)!;
    expect(refused.json().errors.email).toEqual([ACCOUNT_MESSAGES.emailTaken]);
    const owners = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', wanted)
      .execute();
    expect(owners).toHaveLength(1);
  });
});
