import { type ConfirmCartAnswer, SERVER_MESSAGES } from '@comanda/shared';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { CATALOG_CHANNEL } from '../../src/plugins/catalog-events';
import { buildTestApp, type TestApp } from '../helpers/app';
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import {
  alwaysOpenBranch,
  availableProducts,
  cartLine,
  orderPayload,
  type CartLine,
  type GetJson,
} from '../helpers/orders';
import { confirmCart, connected, disconnected, listen, next, openSocket } from '../helpers/sockets';

// One node whose Redis goes away under it, cut (connections dropped, refused) or blackholed
// (connections open, nothing answered): it keeps serving alone. Login and orders answer within
// the Redis timeout, never a 500 and never a hang; the rate limits still hold, counted on the
// node; events reach the node's own sockets; a logout closes its sockets; /readyz says 200
// "degraded" with the degradation named; nothing rejects unhandled (Vitest fails the run if
// anything does). Once Redis answers, the node tells its signed-in sockets to re-read and shares
// its counters again.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('The Redis outage test needs TEST_REDIS_URL.');

/** Each answer must come well within this: the default Redis timeout (REDIS_TIMEOUT_MS, 1 s) and room. */
const PROMPT_MS = 3000;

let proxy: TcpProxy;
let test: TestApp;
let base: string;
let branch: { id: number; title: string };
let lines: CartLine[];
let direct: Redis;
const sockets: Socket[] = [];

const login = (email: string, password = DEMO_PASSWORD) =>
  test.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: email, password_login: password },
  });

async function tokenOf(email: string) {
  const res = await login(email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

/** Runs `work` and fails when it takes longer than PROMPT_MS. */
async function promptly<T>(work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  expect(Date.now() - started).toBeLessThan(PROMPT_MS);
  return result;
}

async function readyz() {
  const res = await test.app.inject('/readyz');
  return { code: res.statusCode, body: res.json<{ status: string; degraded?: string[] }>() };
}

async function untilReadyzOf(target: TestApp, status: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const body = (await target.app.inject('/readyz')).json<{ status: string }>();
    if (body.status === status || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until /readyz says what `expected` says, or fails after a few seconds. */
async function untilReadyz(status: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await readyz();
    if (answer.body.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  const target = new URL(redisUrl);
  proxy = await tcpProxy(
    { host: target.hostname, port: Number(target.port || 6379) },
    { openedInBlackhole: 'drop' },
  );
  direct = new Redis(redisUrl);
  test = await buildTestApp({ REDIS_URL: proxy.url(redisUrl), AUTH_RATE_LIMIT_PER_ACCOUNT: 5 });
  base = await listen(test.app);
  const get: GetJson = async (path) => (await test.app.inject(path)).json();
  branch = await alwaysOpenBranch(get);
  lines = [cartLine((await availableProducts(get, branch.id, 1))[0]!, 1)];
  // One order with Redis up, so the times measured below are not those of a cold start.
  const customer = openSocket(base, await tokenOf('cliente@comanda.test'));
  await connected(customer);
  expect((await confirmCart<ConfirmCartAnswer>(customer, orderPayload(branch, lines))).status).toBe(
    true,
  );
  customer.disconnect();
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await proxy.restore();
  await untilReadyz('ready');
});

afterAll(async () => {
  await test?.close();
  await proxy?.close();
  direct?.disconnect();
});

describe.each(['cut', 'blackholed'] as const)('a node whose Redis is %s', (outage) => {
  async function breakRedis() {
    if (outage === 'cut') await proxy.cut();
    else proxy.blackhole();
  }

  it('logs in, places an order and hears its events on this node, promptly, and /readyz says degraded', async () => {
    const customerToken = await tokenOf('cliente@comanda.test');
    const staffToken = await tokenOf('staff@comanda.test');
    const customer = openSocket(base, customerToken);
    const staff = openSocket(base, staffToken);
    sockets.push(customer, staff);
    await Promise.all([connected(customer), connected(staff)]);

    await breakRedis();
    // The first request after the break meets it; every one must still answer promptly.
    const loggedIn = await promptly(() => login('cliente@comanda.test'));
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);

    const heardByStaff = next<{ id: number }>(staff, 'new-order');
    const answer = await promptly(() =>
      confirmCart<ConfirmCartAnswer>(customer, orderPayload(branch, lines), PROMPT_MS),
    );
    expect(answer.status, JSON.stringify(answer)).toBe(true);
    if (!answer.status) return;
    expect((await heardByStaff).id).toBe(answer.order.id);

    const heardByCustomer = next<{ order_id: number; status: string }>(customer, 'order-status');
    const accepted = await promptly(() =>
      test.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${answer.order.id}/status`,
        headers: { authorization: `Bearer ${staffToken}` },
        payload: { status: 'accepted' },
      }),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await heardByCustomer).toMatchObject({ order_id: answer.order.id, status: 'accepted' });

    const degraded = await promptly(() => untilReadyz('degraded'));
    expect(degraded).toEqual({ code: 200, body: { status: 'degraded', degraded: ['redis'] } });

    // Back: the signed-in sockets stay connected and are told to re-read what they may have missed.
    const told = Promise.all([next(customer, 'resync', 10_000), next(staff, 'resync', 10_000)]);
    await proxy.restore();
    await told;
    expect([customer.connected, staff.connected]).toEqual([true, true]);
  });

  it('still limits login attempts, per node, and closes the sockets of a session logged out here', async () => {
    const token = await tokenOf('staff@comanda.test');
    const socket = openSocket(base, token);
    sockets.push(socket);
    await connected(socket);

    await breakRedis();
    const attempts = [];
    for (let i = 0; i < 6; i++)
      attempts.push(
        await promptly(() => login(`nadie-${outage}@comanda.test`, 'not the password')),
      );
    expect(attempts.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(attempts[5]!.json()).toMatchObject({
      message: SERVER_MESSAGES.tooManyRequestsFor(Number(attempts[5]!.headers['retry-after'])),
    });

    const closed = disconnected(socket);
    const logout = await promptly(() =>
      test.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(logout.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

it('counts in Redis again, under this deployment prefix, once Redis is back', async () => {
  await proxy.cut();
  expect((await untilReadyz('degraded')).body.degraded).toEqual(['redis']);
  await proxy.restore();
  expect(await untilReadyz('ready')).toEqual({ code: 200, body: { status: 'ready' } });

  const res = await login('admin@comanda.test', 'not the password');
  expect(res.statusCode).toBe(400);
  const prefix = test.app.redis!.prefix;
  expect(prefix).toMatch(/^comanda:[0-9a-f]{12}$/);
  const keys = await direct.keys(`${prefix}:rl:*`);
  expect(keys.length).toBeGreaterThan(0);
});

it('starts while Redis is away, serves alone, joins once Redis answers, and stops at once during an outage', async () => {
  const target = new URL(redisUrl);
  const late = await tcpProxy(
    { host: target.hostname, port: Number(target.port || 6379) },
    { openedInBlackhole: 'drop' },
  );
  await late.cut();
  const started = Date.now();
  const alone = await buildTestApp({ REDIS_URL: late.url(redisUrl) });
  try {
    expect(Date.now() - started).toBeLessThan(10_000);
    const login = await alone.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: 'cliente@comanda.test', password_login: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await alone.app.inject('/readyz')).json()).toEqual({
      status: 'degraded',
      degraded: ['redis'],
    });

    await late.restore();
    expect(await untilReadyzOf(alone, 'ready')).toEqual({ status: 'ready' });
    // Its subscriptions, asked for while Redis was away, were made once it answered.
    const storefront = openSocket(await listen(alone.app), null);
    sockets.push(storefront);
    await connected(storefront);
    const heard = next(storefront, 'catalog-changed');
    await direct.publish(
      `${alone.app.redis!.prefix}:${CATALOG_CHANNEL}`,
      JSON.stringify({ origin: 'test', change: { type: 'catalog' } }),
    );
    await heard;

    // A node stopped (SIGTERM) while Redis is away drops its connections rather than wait for
    // Redis to answer QUIT; otherwise the shutdown's grace period would end it with an error.
    await late.cut();
    expect(await untilReadyzOf(alone, 'degraded')).toEqual({
      status: 'degraded',
      degraded: ['redis'],
    });
    const stopping = Date.now();
    await alone.app.close();
    expect(Date.now() - stopping).toBeLessThan(PROMPT_MS);
  } finally {
    await alone.close();
    await late.close();
  }
});
