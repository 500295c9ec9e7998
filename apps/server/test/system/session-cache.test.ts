import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { testConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/dialect';
import { openDatabase } from '../../src/db/open';
import { SESSION_BEAT_STALE_MS } from '../../src/modules/accounts/session-cache-channel';
import { hashToken } from '../../src/lib/tokens';
import { checkContract } from '../helpers/contract';
import { openTestDatabase, type TestDatabase } from '../helpers/database';
import { bearer, branchBySlug, login } from '../helpers/ordering';
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { testClock } from '../helpers/clock';

// Two nodes (two apps in this process, each with its own connection to the one database and its
// own relay to the one Redis) that remember token lookups for a minute (decision 048). Whatever
// ends a session or changes what authorization knows of its user is refused at once on the node
// that did it and, through Redis, on the other; an expiry is honoured while remembered; a node
// that cannot hear Redis reads every session from the database. The minute-long memory makes
// each test fail if the invalidation it relies on is removed: the other node would still answer
// 200 from its cache. Runs on SQLite and PostgreSQL, wherever TEST_REDIS_URL is set.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('The session cache test needs TEST_REDIS_URL.');

/** How long the other node may take to hear an invalidation: Redis's pub/sub, on localhost. */
const HEARD_WITHIN_MS = 1000;

let target: TestDatabase;
let proxyA: TcpProxy;
let proxyB: TcpProxy;
let a: App;
let b: App;
let admin: string;
/** Node A's connection to the database, for what tests change behind the app's back. */
let database: DatabaseHandle;
const db = () => database.db;

/** The two nodes' one clock: a session's expiry comes by moving it, not by waiting. */
const clock = testClock();

/** A node on the test's database: on the handle given, or on a connection of its own. */
async function node(proxy: TcpProxy, given?: DatabaseHandle) {
  const handle =
    given ??
    (await openDatabase({
      url: target.url,
      seedDemo: false,
      ...(target.schema ? { schema: target.schema } : {}),
    }));
  const app = await buildApp({
    config: testConfig({
      WEB_DIST: '/nonexistent-web-dist',
      REDIS_URL: proxy.url(redisUrl!),
      SESSION_CACHE_TTL_MS: 60_000,
      AUTH_RATE_LIMIT_PER_IP: 10_000,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
    }),
    database: handle,
    clock,
    logger: false,
  });
  await app.ready();
  checkContract(app);
  return { app, handle };
}

const status = async (app: App, token: string, url = '/api/me') =>
  (await app.inject({ url, headers: bearer(token) })).statusCode;

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Both nodes hear each other, so both use their cache. */
const bothListening = () =>
  until(
    'both nodes use their session cache',
    () => a.accounts.sessionCacheInUse() && b.accounts.sessionCacheInUse(),
    10_000,
  );

/** Answered 200 by both nodes, so both remember it. */
async function rememberedByBoth(token: string, url = '/api/me') {
  await bothListening();
  expect(await status(a, token, url)).toBe(200);
  expect(await status(b, token, url)).toBe(200);
}

/** Refused by `app` within HEARD_WITHIN_MS: it heard the invalidation (its cache holds a minute). */
const refusedBy = (app: App, token: string, url = '/api/me') =>
  until(
    `the token refused (${url})`,
    async () => (await status(app, token, url)) === 401,
    HEARD_WITHIN_MS,
  );

const PASSWORD = 'pan de bono caliente';
let counter = 0;
async function customer(app: App, sessions = 1) {
  counter += 1;
  const email = `cache${counter}-${Date.now()}@ejemplo.co`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: `Cliente ${counter}`,
      email,
      phone: `32${String(Date.now() + counter).slice(-8)}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const tokens = [res.json<{ access_token: string }>().access_token];
  for (let i = 1; i < sessions; i++) tokens.push(await login(app, email, PASSWORD));
  return { email, id: res.json<{ user: { id: number } }>().user.id, tokens };
}

async function staffMember() {
  counter += 1;
  const campina = await branchBySlug(database, 'campina');
  const body = {
    name: `Cajera ${counter}`,
    email: `cajera-cache${counter}-${Date.now()}@sede.co`,
    phone: `31${String(Date.now() + counter).slice(-8)}`,
    role: 'staff',
    branch_ids: [campina.id],
    password: PASSWORD,
  };
  const res = await a.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: bearer(admin),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json<{ results: { id: number; version: number } }>().results;
  return { ...body, ...created, token: await login(a, body.email, body.password) };
}

beforeAll(async () => {
  const redis = new URL(redisUrl);
  const to = { host: redis.hostname, port: Number(redis.port || 6379) };
  proxyA = await tcpProxy(to, { openedInBlackhole: 'drop' });
  proxyB = await tcpProxy(to, { openedInBlackhole: 'drop' });
  let seeded: DatabaseHandle;
  ({ target, handle: seeded } = await openTestDatabase());
  ({ app: a, handle: database } = await node(proxyA, seeded));
  ({ app: b } = await node(proxyB));
  admin = await login(a, 'admin@comanda.test');
}, 60_000);

afterEach(async () => {
  await proxyA.restore();
  await proxyB.restore();
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await proxyA?.close();
  await proxyB?.close();
  await target?.drop();
});

describe('the session cache on two nodes', () => {
  it('is used: a session revoked behind the app’s back is still accepted until it is announced', async () => {
    const { id, tokens } = await customer(a);
    const token = tokens[0]!;
    await rememberedByBoth(token);
    await db()
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    // Nothing announced it: both nodes answer from what they remember.
    expect(await status(a, token)).toBe(200);
    expect(await status(b, token)).toBe(200);
    a.accounts.sessionsChanged([id]);
    expect(await status(a, token)).toBe(401);
    await refusedBy(b, token);
  });

  it('refuses a logged-out token at once on the node that logged out and on the other', async () => {
    const { tokens } = await customer(a);
    const token = tokens[0]!;
    await rememberedByBoth(token);
    const res = await a.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(await status(a, token)).toBe(401);
    await refusedBy(b, token);
  });

  it('refuses a session ended from Sesiones, and the others ended with «cerrar las demás»', async () => {
    const { tokens } = await customer(a, 3);
    const [keep, ended, other] = tokens as [string, string, string];
    for (const token of tokens) await rememberedByBoth(token);
    const { id: sessionId } = await db()
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(ended))
      .executeTakeFirstOrThrow();
    const end = await b.inject({
      method: 'DELETE',
      url: `/api/sessions/${sessionId}`,
      headers: bearer(keep),
    });
    expect(end.statusCode, end.body).toBe(200);
    expect(await status(b, ended)).toBe(401);
    await refusedBy(a, ended);
    expect(await status(a, other)).toBe(200);

    const others = await b.inject({
      method: 'DELETE',
      url: '/api/sessions/others',
      headers: bearer(keep),
    });
    expect(others.statusCode, others.body).toBe(200);
    expect(await status(b, other)).toBe(401);
    await refusedBy(a, other);
    expect(await status(a, keep)).toBe(200);
    expect(await status(b, keep)).toBe(200);
  });

  it('refuses the other sessions after a password change, and keeps the one that changed it', async () => {
    const { tokens } = await customer(a, 2);
    const [mine, stolen] = tokens as [string, string];
    await rememberedByBoth(mine);
    await rememberedByBoth(stolen);
    const res = await a.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: bearer(mine),
      payload: {
        current_password: PASSWORD,
        password: 'una clave nueva y larga',
        password_confirmation: 'una clave nueva y larga',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(a, stolen)).toBe(401);
    await refusedBy(b, stolen);
    expect(await status(a, mine)).toBe(200);
    expect(await status(b, mine)).toBe(200);
  });

  it('refuses a staff account’s token on both nodes once an admin deactivates it', async () => {
    const staff = await staffMember();
    await rememberedByBoth(staff.token, '/api/staff/me');
    const res = await b.inject({
      method: 'POST',
      url: `/api/admin/staff/${staff.id}/deactivate`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(b, staff.token, '/api/staff/me')).toBe(401);
    await refusedBy(a, staff.token, '/api/staff/me');
  });

  it('answers a staff member’s new name on both nodes at once, and ends the sessions of a new branch list', async () => {
    const staff = await staffMember();
    await rememberedByBoth(staff.token);
    const edit = (name: string, branchIds: number[], version: number) =>
      a.inject({
        method: 'PUT',
        url: `/api/admin/staff/${staff.id}`,
        headers: bearer(admin),
        payload: {
          name,
          email: staff.email,
          phone: staff.phone,
          role: 'staff',
          branch_ids: branchIds,
          version,
        },
      });
    const renamed = await edit('Cajera Renombrada', staff.branch_ids, staff.version);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const nameOn = async (app: App) =>
      (await app.inject({ url: '/api/me', headers: bearer(staff.token) })).json<{
        user: { name: string };
      }>().user.name;
    expect(await nameOn(a)).toBe('Cajera Renombrada');
    await until(
      'node B answers the new name',
      async () => (await nameOn(b)) === 'Cajera Renombrada',
      HEARD_WITHIN_MS,
    );

    await rememberedByBoth(staff.token);
    const chico = await branchBySlug(database, 'chico');
    const moved = await edit(
      'Cajera Renombrada',
      [chico.id],
      renamed.json<{ results: { version: number } }>().results.version,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await status(a, staff.token)).toBe(401);
    await refusedBy(b, staff.token);
  });

  it('tells staff on both nodes at once when the chain starts asking them for a second factor', async () => {
    const staff = await staffMember();
    await rememberedByBoth(staff.token, '/api/staff/me');
    const setting = (second_factor_staff: boolean) =>
      a.inject({
        method: 'PUT',
        url: '/api/admin/security',
        headers: bearer(admin),
        payload: { second_factor_admins: false, second_factor_staff },
      });
    const grace = async (node: typeof a) =>
      (
        await node.inject({ method: 'GET', url: '/api/staff/me', headers: bearer(staff.token) })
      ).json().user?.second_factor_grace_until ?? null;
    try {
      expect((await setting(true)).statusCode).toBe(200);
      // An open console keeps working through its grace (decision 083), told until when: on
      // both nodes, neither answering from what it remembered before the change.
      expect(await grace(a)).toEqual(expect.any(String));
      await until('node B tells the grace', async () => (await grace(b)) !== null, HEARD_WITHIN_MS);
    } finally {
      expect((await setting(false)).statusCode).toBe(200);
    }
  });

  it('honours an expiry that comes while the session is remembered', async () => {
    const { tokens } = await customer(a);
    const token = tokens[0]!;
    await db()
      .updateTable('sessions')
      .set({ expires_at: new Date(clock.now() + 1500).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    await rememberedByBoth(token);
    // Past the expiry, well inside the cache's 60 s: the remembered lookup must not outlive it.
    clock.advance(1600);
    expect(await status(a, token)).toBe(401);
    expect(await status(b, token)).toBe(401);
  });
});

describe.each(['cut', 'blackholed'] as const)('a node whose link to Redis is %s', (outage) => {
  it('reads every session from the database meanwhile, and forgets what it remembered', async () => {
    const { tokens } = await customer(a);
    const token = tokens[0]!;
    await rememberedByBoth(token);
    if (outage === 'cut') await proxyB.cut();
    else proxyB.blackhole();
    // A cut is noticed at once; silence once its own heartbeat is overdue.
    await until(
      'node B stops using its cache',
      () => !b.accounts.sessionCacheInUse(),
      SESSION_BEAT_STALE_MS + 2000,
    );
    // Node A logs out and publishes; node B does not hear it, and must not need to.
    const res = await a.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(await status(b, token)).toBe(401);
    const live = (await customer(b)).tokens[0]!;
    expect(await status(b, live)).toBe(200);

    await proxyB.restore();
    await until('node B uses its cache again', () => b.accounts.sessionCacheInUse(), 10_000);
    expect(await status(b, token)).toBe(401);
    expect(await status(b, live)).toBe(200);
  });
});

describe('a node that cannot publish', () => {
  it('has the others forget everything once its link is back', async () => {
    const { tokens } = await customer(a);
    const token = tokens[0]!;
    await rememberedByBoth(token);
    await proxyA.cut();
    await until('node A stops using its cache', () => !a.accounts.sessionCacheInUse(), 5000);
    const res = await a.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(await status(a, token)).toBe(401);
    // Node B hears Redis and nothing told it: for now it may still accept the token (bounded by
    // SESSION_CACHE_TTL_MS, decision 048). Once node A is back it announces what it missed.
    await proxyA.restore();
    await until('node A uses its cache again', () => a.accounts.sessionCacheInUse(), 10_000);
    await until('node B refuses the token', async () => (await status(b, token)) === 401, 3000);
  });
});
