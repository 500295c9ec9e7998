import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '@comanda/shared';
import { createPasswordReset } from '../../../src/modules/accounts/password-reset';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { startSmtpServer, type SmtpTestServer } from '../../helpers/smtp';
import { connected, disconnected, listen, openSocket } from '../../helpers/sockets';

// "¿Olvidaste tu contraseña?" end to end, through a real SMTP server.

let t: TestApp;
let smtp: SmtpTestServer;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://pedidos.example',
    AUTH_RATE_LIMIT_PER_IP: 10_000,
    AUTH_RATE_LIMIT_PER_ACCOUNT: 3,
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
async function customer() {
  counter += 1;
  const email = `olvido${counter}-${Date.now()}@ejemplo.co`;
  const password = 'una-clave-segura';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: `Cliente ${counter}`,
      email,
      phone: `34${String(Date.now() + counter).slice(-8)}`,
      password,
      password_confirmation: password,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, id: res.json().user.id as number, token: res.json().access_token as string };
}

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
const reset = (token: string, password = 'otra frase larga de verdad') =>
  t.app.inject({
    method: 'POST',
    url: '/api/password/reset',
    payload: { token, password, password_confirmation: password },
  });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: email, password_login: password },
  });

/** Asks for a link and answers the token the email carried. */
async function emailedToken(email: string) {
  const before = smtp.received.length;
  expect((await forgot(email)).json()).toEqual({ status: true });
  await t.app.passwordReset.settled();
  await t.app.mail.sender!.deliverDue();
  // This link's message, not a notice of an earlier test still on its way.
  let message;
  for (let count = before + 1; !message; count += 1)
    message = (await smtp.waitFor(count))
      .slice(before)
      .find((m) => m.to[0] === email && m.subject.startsWith('Restablece'));
  expect(message.subject).toBe('Restablece tu contraseña de La Brasa Dorada');
  const token = /https:\/\/pedidos\.example\/restablecer\?token=([A-Za-z0-9_-]{43})/.exec(
    message.body,
  )?.[1];
  expect(token).toBeDefined();
  return token!;
}

describe('password reset', () => {
  it('answers the same for an email without an account, and sends nothing', async () => {
    const before = await t.database.db.selectFrom('outbox').select('id').execute();
    const res = await forgot('nadie-aqui@ejemplo.co');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    await t.app.passwordReset.settled();
    expect(await t.database.db.selectFrom('outbox').select('id').execute()).toEqual(before);
  });

  it('works once with the emailed link, ends every session and socket, and announces it', async () => {
    const { email, id, token: session } = await customer();
    const socket = openSocket(url, session);
    sockets.push(socket);
    await connected(socket);
    const closed = disconnected(socket);

    const link = await emailedToken(email);
    // Only the hash is stored.
    const stored = await t.database.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(link);

    const before = smtp.received.length;
    expect((await reset(link)).json()).toEqual({ status: true });
    expect(await closed).toBe('io server disconnect');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await login(email, 'una-clave-segura')).statusCode).toBe(400);
    expect((await login(email, 'otra frase larga de verdad')).statusCode).toBe(200);

    await t.app.mail.sender!.deliverDue();
    const [notice] = (await smtp.waitFor(before + 1)).slice(before);
    expect(notice!.to).toEqual([email]);
    expect(notice!.subject).toBe('Tu contraseña de La Brasa Dorada cambió');

    // A second use of the same link changes nothing.
    const again = await reset(link, 'una tercera frase bien larga');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.token).toEqual([PASSWORD_RESET_MESSAGES.invalidToken]);
    expect((await login(email, 'otra frase larga de verdad')).statusCode).toBe(200);
  });

  it('refuses an expired or unknown link, and a weak password without spending the link', async () => {
    const { email, id } = await customer();
    const link = await emailedToken(email);

    const weak = await reset(link, '12345678');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBeDefined();

    // 30 minutes later.
    await t.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(t.clock.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .execute();
    const expired = await reset(link);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.token).toEqual([PASSWORD_RESET_MESSAGES.invalidToken]);

    expect((await reset('x'.repeat(43))).statusCode).toBe(400);
    expect((await reset('no es un token')).statusCode).toBe(400);
    expect((await login(email, 'una-clave-segura')).statusCode).toBe(200);
  });

  it('issues links that expire in 30 minutes, and a newer reset spends the older links', async () => {
    const { email, id } = await customer();
    const first = await emailedToken(email);
    const second = await emailedToken(email);
    const rows = await t.database.db
      .selectFrom('password_reset_tokens')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', id)
      .execute();
    for (const row of rows)
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(
        30 * 60_000,
      );
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first)).statusCode).toBe(400);
  });

  it('ends the older links when it issues a new one: only the newest works', async () => {
    const { email, id } = await customer();
    const first = await emailedToken(email);
    const second = await emailedToken(email);
    const live = await t.database.db
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('user_id', '=', id)
      .where('used_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    const older = await reset(first);
    expect(older.statusCode).toBe(400);
    expect(older.json().errors.token).toEqual([PASSWORD_RESET_MESSAGES.invalidToken]);
    expect((await login(email, 'una-clave-segura')).statusCode).toBe(200);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('does the same on the request whether or not the email has an account: the link is made after the answer', async () => {
    const { email, id } = await customer();
    // The database as the request sees it, counting every statement; the queue held by the test.
    const statements: string[] = [];
    const db = t.database.db.withPlugin({
      transformQuery: ({ node }) => (statements.push(node.kind), node),
      transformResult: async ({ result }) => result,
    });
    const queued: (() => Promise<void>)[] = [];
    const held = createPasswordReset({
      db,
      mail: t.app.mail,
      rateLimiter: t.app.rateLimiter,
      limits: { perIp: 100, perAccount: 100, windowSeconds: 600 },
      publicUrl: 'https://pedidos.example',
      endAllSessions: async () => 0,
      clock: t.clock,
      background: { push: (task) => queued.push(task) > 0, idle: async () => undefined },
      onDropped: () => undefined,
    });
    const tokensOf = () =>
      t.database.db
        .selectFrom('password_reset_tokens')
        .select('id')
        .where('user_id', '=', id)
        .execute();

    await held.forgot({ email }, '198.51.100.250');
    await held.forgot({ email: `nadie-${id}@ejemplo.co` }, '198.51.100.250');
    // Answered, both alike: no statement, one task each, no link yet.
    expect(statements).toEqual([]);
    expect(queued).toHaveLength(2);
    expect(await tokensOf()).toEqual([]);

    for (const task of queued) await task();
    expect(await tokensOf()).toHaveLength(1);
    const mailed = await t.database.db
      .selectFrom('outbox')
      .select('to_address')
      .where('to_address', 'in', [email, `nadie-${id}@ejemplo.co`])
      .execute();
    expect(mailed).toEqual([{ to_address: email }]);
  });

  it('is limited per account as login is, with the same answer for an unknown email', async () => {
    const { email } = await customer();
    for (let n = 0; n < 3; n += 1) expect((await forgot(email)).statusCode).toBe(200);
    expect((await forgot(email)).statusCode).toBe(429);
    const unknown = `desconocido-${Date.now()}@ejemplo.co`;
    for (let n = 0; n < 3; n += 1) expect((await forgot(unknown)).statusCode).toBe(200);
    expect((await forgot(unknown)).statusCode).toBe(429);
  });

  it('refuses a malformed email with a Spanish message', async () => {
    const res = await forgot('no-es-un-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['El email no es válido']);
  });
});
