import { SERVER_MESSAGES } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts';
import { COOL_DOWN_FIRST_SECONDS } from '../../../src/modules/accounts/login-limits';
import { buildTestApp, type TestApp } from '../../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: 3, AUTH_RATE_LIMIT_PER_IP: 5 });
});
afterAll(() => t.close());

const login = (email: string, ip = '203.0.113.7', password = 'adivinando') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    payload: { email_login: email, password_login: password },
  });

describe('login rate limits', () => {
  it('stops guessing at one account after its limit, in Spanish, with Retry-After', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await login('cliente@comanda.test', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 429]);
    const blocked = await login('cliente@comanda.test', '198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    // The wait in words, from the Retry-After the answer carries.
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(blocked.json().message).toBe(SERVER_MESSAGES.tooManyRequestsFor(wait));
    expect(blocked.json().message).toMatch(/^Demasiadas solicitudes\. Intenta de nuevo en \d+ /);
  });

  it('stops one address trying many accounts after its limit', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await login(`persona${i}@ejemplo.co`, '192.0.2.50')).statusCode);
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes[5]).toBe(429);
  });
});

describe('one counter per account, however the login is written', () => {
  it('counts the email and every spelling of the phone against the same account, and slows it past its limit', async () => {
    // A fresh account, so the first test's guesses at the demo customer do not count here.
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '198.51.100.200',
      payload: {
        name: 'Variante',
        email: 'variante@ejemplo.co',
        phone: '3157654321',
        password: 'una-clave-segura',
        password_confirmation: 'una-clave-segura',
      },
    });
    expect(registered.statusCode).toBe(200);
    const variants = ['315 7654321', '315-765-4321', ' VARIANTE@ejemplo.co '];
    const codes = [];
    for (const [i, variant] of variants.entries())
      codes.push((await login(variant, `198.51.100.${10 + i}`)).statusCode);
    expect(codes).toEqual([400, 400, 400]);
    // The right password, through yet another spelling and another address, waits out the
    // cool-down (decision 076), and then logs in: slowed, not locked for the window.
    const right = await login('(315) 765.4321', '198.51.100.20', 'una-clave-segura');
    expect(right.statusCode).toBe(429);
    const wait = Number(right.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(COOL_DOWN_FIRST_SECONDS);
    expect((await login('3157654321', '198.51.100.21', 'una-clave-segura')).statusCode).toBe(429);
    t.clock.advance(wait * 1000);
    expect((await login('3157654321', '198.51.100.21', 'una-clave-segura')).statusCode).toBe(200);
  });

  it('counts spellings of a login that names no account together too', async () => {
    const codes = [];
    for (const [i, variant] of [
      '300 0000001',
      '300-0000001',
      '3000000001',
      '300.000.0001',
    ].entries()) {
      codes.push((await login(variant, `198.51.100.${30 + i}`)).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it('still lets the demo account in with its password when it has not been guessed at', async () => {
    const res = await login('staff@comanda.test', '198.51.100.40', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
  });
});

describe('registration rate limit', () => {
  it('stops one address creating accounts after its limit, in Spanish, with Retry-After', async () => {
    const codes = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '192.0.2.77',
        payload: {
          name: 'Bot',
          email: `bot${i}@ejemplo.co`,
          phone: `316000000${i}`,
          password: 'una-clave-segura',
          password_confirmation: 'una-clave-segura',
        },
      });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.json().message).toBe(
      SERVER_MESSAGES.tooManyRequestsFor(Number(last!.headers['retry-after'])),
    );
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', 'bot%@ejemplo.co')
      .execute();
    expect(stored).toHaveLength(5);
  });
});
