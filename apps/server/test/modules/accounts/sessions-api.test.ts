import { SESSION_MESSAGES, endSessionsResponse, sessionListResponse } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../src/lib/tokens';
import { TOUCH_INTERVAL_MS } from '../../../src/modules/accounts/sessions';
import { buildTestApp, type TestApp } from '../../helpers/app';

const DAY_MS = 86_400_000;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    AUTH_RATE_LIMIT_PER_IP: 10_000,
    AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
    SESSION_TTL_DAYS: 30,
    SESSION_MAX_DAYS: 90,
  });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

let counter = 0;
/** A fresh customer, logged in on `devices` user agents: one token per device. */
async function customerOn(...devices: string[]) {
  counter += 1;
  const email = `sesiones${counter}-${Date.now()}@ejemplo.co`;
  const body = {
    name: `Cliente ${counter}`,
    email,
    phone: `32${String(Date.now() + counter).slice(-8)}`,
    password: 'una-clave-segura',
    password_confirmation: 'una-clave-segura',
  };
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body,
    headers: { 'user-agent': devices[0] ?? '' },
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const tokens: string[] = [registered.json().access_token];
  for (const device of devices.slice(1)) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: email, password_login: body.password },
      headers: { 'user-agent': device },
    });
    expect(res.statusCode, res.body).toBe(200);
    tokens.push(res.json().access_token);
  }
  return { id: registered.json().user.id as number, email, password: body.password, tokens };
}

const sessionOf = (token: string) =>
  t.database.db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
const setSession = (
  token: string,
  values: { created_at?: string; last_used_at?: string; expires_at?: string },
) =>
  t.database.db
    .updateTable('sessions')
    .set(values)
    .where('token_hash', '=', hashToken(token))
    .execute();
const me = async (token: string) => (await call('GET', '/api/me', token)).statusCode;
const ago = (ms: number) => new Date(t.clock.now() - ms).toISOString();

describe('GET /api/sessions', () => {
  it("lists the caller's live sessions with the device, marking the current one, and is never cached", async () => {
    const alice = await customerOn(ANDROID_CHROME, IPHONE_SAFARI, 'curl/8.5');
    const [phone, iphone, revoked] = alice.tokens as [string, string, string];
    await call('POST', '/api/logout', revoked);
    await customerOn(ANDROID_CHROME); // someone else's session must not show

    const res = await call('GET', '/api/sessions', iphone);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { results } = sessionListResponse.parse(res.json());
    expect(results.map((s) => [s.user_agent, s.current])).toEqual(
      expect.arrayContaining([
        ['Chrome en Android', false],
        ['Safari en iPhone', true],
      ]),
    );
    expect(results).toHaveLength(2);
    const current = results.find((s) => s.current)!;
    expect(current.id).toBe((await sessionOf(iphone)).id);
    expect(Date.parse(current.last_used_at)).toBeGreaterThan(t.clock.now() - 60_000);
    expect(Date.parse(current.created_at)).toBeLessThanOrEqual(Date.parse(current.last_used_at));
    expect(
      (await call('GET', '/api/sessions', phone))
        .json()
        .results.find((s: { current: boolean }) => s.current).user_agent,
    ).toBe('Chrome en Android');
  });

  it('needs a live token', async () => {
    expect((await call('GET', '/api/sessions')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/sessions/others')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/sessions/1')).statusCode).toBe(401);
  });
});

describe('DELETE /api/sessions/others', () => {
  it('ends every other live session of the caller, keeps the current one and touches nobody else', async () => {
    const bob = await customerOn(ANDROID_CHROME, IPHONE_SAFARI, ANDROID_CHROME, IPHONE_SAFARI);
    const [here, expired, ...elsewhere] = bob.tokens as [string, string, ...string[]];
    // Long dead, never revoked: not counted as closed now.
    await setSession(expired, { expires_at: ago(DAY_MS) });
    const carol = await customerOn(ANDROID_CHROME);

    const res = await call('DELETE', '/api/sessions/others', here);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(endSessionsResponse.parse(res.json())).toEqual({ status: true, ended: 2 });

    for (const token of elsewhere) expect(await me(token)).toBe(401);
    expect(await me(here)).toBe(200);
    expect(await me(carol.tokens[0]!)).toBe(200);
    expect(
      sessionListResponse.parse((await call('GET', '/api/sessions', here)).json()).results,
    ).toHaveLength(1);
    expect((await call('DELETE', '/api/sessions/others', here)).json()).toEqual({
      status: true,
      ended: 0,
    });
  });
});

describe('DELETE /api/sessions/:id', () => {
  it('ends one session of the caller, and no one else’s', async () => {
    const dan = await customerOn(ANDROID_CHROME, IPHONE_SAFARI);
    const [here, there] = dan.tokens as [string, string];
    const erin = await customerOn(ANDROID_CHROME);
    const erinsSession = await sessionOf(erin.tokens[0]!);

    const stranger = await call('DELETE', `/api/sessions/${erinsSession.id}`, here);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(SESSION_MESSAGES.notFound);
    expect(await me(erin.tokens[0]!)).toBe(200);

    const thereId = (await sessionOf(there)).id;
    const res = await call('DELETE', `/api/sessions/${thereId}`, here);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect(await me(there)).toBe(401);
    expect(await me(here)).toBe(200);
    expect((await call('DELETE', `/api/sessions/${thereId}`, here)).statusCode).toBe(404);

    // The current session may end itself: that is a logout.
    expect(
      (await call('DELETE', `/api/sessions/${(await sessionOf(here)).id}`, here)).statusCode,
    ).toBe(200);
    expect(await me(here)).toBe(401);
  });

  it('answers 404 for a session of the caller that has already expired', async () => {
    const ivy = await customerOn(ANDROID_CHROME, IPHONE_SAFARI);
    const [here, old] = ivy.tokens as [string, string];
    await setSession(old, { expires_at: ago(1000) });
    expect(
      (await call('DELETE', `/api/sessions/${(await sessionOf(old)).id}`, here)).statusCode,
    ).toBe(404);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])(
    'answers the id %s with a Spanish 400 and ends nothing',
    async (id) => {
      const fay = await customerOn(ANDROID_CHROME);
      const res = await call('DELETE', `/api/sessions/${id}`, fay.tokens[0]);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(SESSION_MESSAGES.invalidId);
      expect(await me(fay.tokens[0]!)).toBe(200);
    },
  );
});

describe('session lifetime', () => {
  it(`refuses a token older than SESSION_MAX_DAYS, however recently it was used`, async () => {
    const { tokens } = await customerOn(ANDROID_CHROME);
    const token = tokens[0]!;
    await setSession(token, {
      created_at: ago(90 * DAY_MS + 60_000),
      last_used_at: ago(60_000),
      expires_at: new Date(t.clock.now() + 20 * DAY_MS).toISOString(),
    });
    expect(await me(token)).toBe(401);
    expect((await call('GET', '/api/sessions', token)).statusCode).toBe(401);
  });

  it('slides the expiry with use, but never past SESSION_MAX_DAYS after login', async () => {
    const { tokens } = await customerOn(ANDROID_CHROME);
    const token = tokens[0]!;
    const createdAt = t.clock.now() - 89 * DAY_MS;
    await setSession(token, {
      created_at: new Date(createdAt).toISOString(),
      last_used_at: ago(TOUCH_INTERVAL_MS + 1000),
      expires_at: new Date(t.clock.now() + DAY_MS).toISOString(),
    });
    expect(await me(token)).toBe(200);
    const session = await sessionOf(token);
    expect(new Date(session.expires_at).getTime()).toBe(createdAt + 90 * DAY_MS);
    expect(new Date(session.last_used_at!).getTime()).toBeGreaterThan(t.clock.now() - 60_000);
  });

  it('slides a young session a full SESSION_TTL_DAYS from its last use', async () => {
    const { tokens } = await customerOn(ANDROID_CHROME);
    const token = tokens[0]!;
    await setSession(token, {
      created_at: ago(2 * DAY_MS),
      last_used_at: ago(2 * DAY_MS),
      expires_at: new Date(t.clock.now() + 28 * DAY_MS).toISOString(),
    });
    expect(await me(token)).toBe(200);
    const expiresAt = new Date((await sessionOf(token)).expires_at).getTime();
    expect(expiresAt).toBeGreaterThan(t.clock.now() + 30 * DAY_MS - 60_000);
    expect(expiresAt).toBeLessThanOrEqual(t.clock.now() + 30 * DAY_MS);
  });

  it('records a use that falls due while the session is remembered (the session cache)', async () => {
    const { tokens } = await customerOn(ANDROID_CHROME);
    const token = tokens[0]!;
    const lastUse = ago(TOUCH_INTERVAL_MS - 1000);
    await setSession(token, { last_used_at: lastUse });
    // Read from the database, its use not yet due: remembered as it is, nothing written.
    expect(await me(token)).toBe(200);
    expect(new Date((await sessionOf(token)).last_used_at!).getTime()).toBe(Date.parse(lastUse));
    // Two seconds on (within the cache's time), the same remembered session is now due.
    t.clock.advance(2000);
    const asked = t.clock.now();
    expect(await me(token)).toBe(200);
    const recorded = new Date((await sessionOf(token)).last_used_at!).getTime();
    expect(recorded).toBeGreaterThanOrEqual(asked);
    expect(recorded).toBeLessThanOrEqual(t.clock.now());
  });

  it('writes the last use at most once per interval, not on every request', async () => {
    const { tokens } = await customerOn(ANDROID_CHROME);
    const token = tokens[0]!;
    const recently = ago(60_000);
    await setSession(token, { last_used_at: recently });
    expect(await me(token)).toBe(200);
    expect(new Date((await sessionOf(token)).last_used_at!).getTime()).toBe(Date.parse(recently));
  });
});

describe('deactivated accounts', () => {
  it('refuses every token of the account at once and its next login, and only that account', async () => {
    const gil = await customerOn(ANDROID_CHROME, IPHONE_SAFARI);
    const other = await customerOn(ANDROID_CHROME);

    expect(await t.app.accounts.deactivateUser(gil.id)).toBe(true);
    for (const token of gil.tokens) expect(await me(token)).toBe(401);
    expect(await me(other.tokens[0]!)).toBe(200);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: gil.email, password_login: gil.password },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors.email_login).toEqual([SESSION_MESSAGES.accountDeactivated]);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: gil.email, password_login: 'otra-clave-cualquiera' },
    });
    expect(JSON.stringify(wrongPassword.json())).not.toContain(SESSION_MESSAGES.accountDeactivated);

    const revoked = await t.database.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', gil.id)
      .execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);
    expect(await t.app.accounts.deactivateUser(999_999)).toBe(false);
  });

  it('refuses the token of a deactivated account even if a session escaped revocation', async () => {
    const hal = await customerOn(ANDROID_CHROME);
    await t.database.db
      .updateTable('users')
      .set({ deactivated_at: new Date(t.clock.now()).toISOString() })
      .where('id', '=', hal.id)
      .execute();
    expect(await me(hal.tokens[0]!)).toBe(401);
  });
});
