import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts';
import {
  COOL_DOWN_FIRST_SECONDS,
  COOL_DOWN_MAX_SECONDS,
} from '../../../src/modules/accounts/login-limits';
import { buildTestApp, type TestApp } from '../../helpers/app';

// Lockout only of failures, never of the owner (decision 076, ASVS 2.2.1): right passwords do
// not count, an account past its limit is slowed rather than shut, and a console on a known
// device logs in whatever strangers try. The default limits: 10 failures per account per ten
// minutes; the per-IP limit raised so that one address can hammer the account.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 100_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10 });
});
afterAll(() => t.close());

const TABLET = '10.20.0.15';
const STRANGER = '203.0.113.66';

const attempt = (
  url: '/api/login' | '/api/login/staff',
  email: string,
  password: string,
  ip: string,
  cookie?: string,
) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    payload: { email_login: email, password_login: password },
    headers: cookie ? { cookie } : {},
  });

/** The device cookie a login set, as the browser sends it back. */
const deviceCookieOf = (res: Awaited<ReturnType<typeof attempt>>) => {
  const set = res.headers['set-cookie'];
  const line = (Array.isArray(set) ? set : [set]).find((c) => c?.startsWith('comanda_device='));
  expect(line, 'a login sets the device cookie').toBeDefined();
  return line!.split(';')[0]!;
};

describe('failures only', () => {
  it('lets 13 correct logins in a row through, and a right password gives its attempt back', async () => {
    const codes = [];
    for (let i = 0; i < 13; i++)
      codes.push(
        (await attempt('/api/login', 'cliente@comanda.test', DEMO_PASSWORD, TABLET)).statusCode,
      );
    expect(codes).toEqual(Array(13).fill(200));

    // Nine failures, then right passwords: none of these counts, so the tenth failure is still
    // to come and nothing is slowed.
    for (let i = 0; i < 9; i++)
      expect(
        (await attempt('/api/login', 'cliente@comanda.test', 'otra', STRANGER)).statusCode,
      ).toBe(400);
    for (let i = 0; i < 5; i++)
      expect(
        (await attempt('/api/login', 'cliente@comanda.test', DEMO_PASSWORD, TABLET)).statusCode,
      ).toBe(200);
    expect((await attempt('/api/login', 'cliente@comanda.test', 'otra', STRANGER)).statusCode).toBe(
      400,
    );
    expect((await attempt('/api/login', 'cliente@comanda.test', 'otra', STRANGER)).statusCode).toBe(
      429,
    );
  });
});

describe("a stranger's failures", () => {
  it('never keep the console on its known tablet out, nor end its session; elsewhere they slow the right password, not shut it out', async () => {
    const email = 'campina@comanda.test';
    // The console on the counter's tablet, logged in before.
    const first = await attempt('/api/login/staff', email, DEMO_PASSWORD, TABLET);
    expect(first.statusCode).toBe(200);
    const session = first.json().access_token as string;
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^comanda_device=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('Path=/api/login');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    const tablet = deviceCookieOf(first);

    // 100 wrong passwords from another address.
    const codes = [];
    for (let i = 0; i < 100; i++)
      codes.push((await attempt('/api/login/staff', email, `adivina-${i}`, STRANGER)).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(10)).toEqual(Array(90).fill(429));

    // The tablet: its session still works, and its right password logs in at once.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/staff/me',
      remoteAddress: TABLET,
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.statusCode).toBe(200);
    const again = await attempt('/api/login/staff', email, DEMO_PASSWORD, TABLET, tablet);
    expect(again.statusCode, again.body).toBe(200);

    // Another browser at the same address, not known: slowed for a cool-down, then in.
    const stranger = await attempt('/api/login/staff', email, DEMO_PASSWORD, TABLET);
    expect(stranger.statusCode).toBe(429);
    const wait = Number(stranger.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(COOL_DOWN_FIRST_SECONDS);
    t.clock.advance(wait * 1000);
    expect((await attempt('/api/login/staff', email, DEMO_PASSWORD, TABLET)).statusCode).toBe(200);
  });

  it('grow the cool-down with each failure past the limit, up to its ceiling', async () => {
    const email = 'staff@comanda.test';
    for (let i = 0; i < 10; i++)
      expect((await attempt('/api/login', email, 'no', STRANGER)).statusCode).toBe(400);
    const waits = [];
    // Six, within the account's ten-minute window (past it the count starts again).
    for (let i = 0; i < 6; i++) {
      const refused = await attempt('/api/login', email, 'no', STRANGER);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000);
      expect((await attempt('/api/login', email, 'no', STRANGER)).statusCode).toBe(400);
    }
    expect(waits).toEqual([10, 20, 40, 80, 160, COOL_DOWN_MAX_SECONDS]);
  });

  it('let at most 100 failures an hour through to one account (ASVS 2.2.1), however patient', async () => {
    const email = 'admin@comanda.test';
    const start = t.clock.now();
    let failures = 0;
    while (t.clock.now() - start < 3_600_000) {
      const res = await attempt('/api/login', email, 'paciente', STRANGER);
      if (res.statusCode === 400) failures += 1;
      else {
        expect(res.statusCode).toBe(429);
        t.clock.advance(Number(res.headers['retry-after']) * 1000);
      }
    }
    expect(failures).toBeGreaterThan(60);
    expect(failures).toBeLessThanOrEqual(100);
  });

  it("stop a known device's own guesses at its own limit", async () => {
    const email = `propia-${Date.now()}@ejemplo.co`;
    const password = 'una-clave-segura';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: TABLET,
      payload: {
        name: 'Propia',
        email,
        phone: '3159990000',
        password,
        password_confirmation: password,
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const first = await attempt('/api/login', email, password, TABLET);
    expect(first.statusCode, first.body).toBe(200);
    const device = deviceCookieOf(first);
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push((await attempt('/api/login', email, 'no', TABLET, device)).statusCode);
    expect(codes).toEqual([...Array(10).fill(400), 429]);
    // A cookie of another account's login is not this account's known device.
    const other = await attempt('/api/login', 'cliente@comanda.test', 'no', TABLET, device);
    expect(other.statusCode).toBe(400);
  });
});
