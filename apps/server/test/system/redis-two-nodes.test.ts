import type { ConfirmCartAnswer } from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import {
  alwaysOpenBranch,
  availableProducts,
  cartLine,
  fetchJson,
  orderPayload,
} from '../helpers/orders';
import {
  createProcessDatabase,
  freePort,
  killLeftoverServers,
  startServer,
  type ProcessDatabase,
  type ServerProcess,
} from '../helpers/server-process';
import {
  confirmCart,
  connected,
  connectError,
  disconnected,
  next,
  openSocket,
} from '../helpers/sockets';

// Two server processes (the built bundle) on one PostgreSQL database, with Redis behind a relay
// the test cuts. While Redis is away both nodes keep serving, each alone: a status change and a
// logout through node A answer, node A says "degraded" and stays up, and node B sees a product
// sold out through A within seconds, from the database's catalogue counter. Once Redis is back,
// node B re-checks its signed-in sockets' sessions: the logged-out one is closed, cannot come
// back and hears no order placed afterwards, while a live one is told to re-read (`resync`) and
// hears orders through Redis again.
// vitest.config.ts runs this on the PostgreSQL project only.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('The Redis fault test needs TEST_REDIS_URL.');

// Each node reaches Redis through its own relay: cutting both is Redis going away; cutting one is
// that node's link to it dropping while the other still has it.
let proxyA: TcpProxy;
let proxyB: TcpProxy;
let database: ProcessDatabase;
let a: ServerProcess;
let b: ServerProcess;
const sockets: Socket[] = [];

async function login(node: ServerProcess, email: string) {
  const res = await fetch(`${node.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_login: email, password_login: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const authorized = (token: string) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
});

async function readyz(node: ServerProcess) {
  const res = await fetch(`${node.base}/readyz`);
  return { code: res.status, body: (await res.json()) as { status: string; degraded?: string[] } };
}

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  const target = new URL(redisUrl);
  const redis = { host: target.hostname, port: Number(target.port || 6379) };
  proxyA = await tcpProxy(redis, { openedInBlackhole: 'drop' });
  proxyB = await tcpProxy(redis, { openedInBlackhole: 'drop' });
  database = await createProcessDatabase('redisfault');
  a = startServer({
    port: await freePort(),
    databaseUrl: database.url,
    env: { REDIS_URL: proxyA.url(redisUrl), LOG_LEVEL: 'info' },
  });
  b = startServer({
    port: await freePort(),
    databaseUrl: database.url,
    env: { REDIS_URL: proxyB.url(redisUrl), LOG_LEVEL: 'info' },
  });
  await Promise.all([a.ready(60_000), b.ready(60_000)]);
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all([a?.stop(), b?.stop()]);
  killLeftoverServers();
  await proxyA?.close();
  await proxyB?.close();
  await database?.drop();
});

describe('two nodes whose Redis goes away', () => {
  it('serve alone through the outage and leave nothing behind once Redis is back', async () => {
    const get = fetchJson(a.base);
    const branch = await alwaysOpenBranch(get);
    const categorySlug = ((await get('/api/category-client')) as { results: { slug: string }[] })
      .results[0]!.slug;
    const category = `${b.base}/api/category/${categorySlug}/${branch.id}`;
    const listed = async () =>
      (
        (await (await fetch(category)).json()) as {
          results: { products: { id: number; available: boolean }[] };
        }
      ).results.products;
    // Sold out during the outage; the order is of another product.
    const product = (await listed()).find((p) => p.available)!;
    const lines = [
      cartLine(
        (await availableProducts(get, branch.id, 2)).find((p) => p.id !== product.id)!,
        1,
      ),
    ];

    const customerToken = await login(a, 'cliente@comanda.test');
    const staffToken = await login(a, 'staff@comanda.test');
    const leavingToken = await login(b, 'staff@comanda.test');
    const customer = openSocket(a.base, customerToken);
    const leaving = openSocket(b.base, leavingToken);
    const staying = openSocket(b.base, staffToken);
    sockets.push(customer, leaving, staying);
    await Promise.all([connected(customer), connected(leaving), connected(staying)]);

    // Node B has the category cached with the product on sale.
    const onSale = async () => (await listed()).find((p) => p.id === product.id)!.available;
    expect(await onSale()).toBe(true);

    await Promise.all([proxyA.cut(), proxyB.cut()]);

    // Through node A: an order, a status change, a sold-out switch and a logout, all answered.
    const placed = await confirmCart<ConfirmCartAnswer>(
      customer,
      orderPayload(branch, lines),
      5000,
    );
    expect(placed.status, JSON.stringify(placed)).toBe(true);
    if (!placed.status) return;
    const heard = next<{ order_id: number; status: string }>(customer, 'order-status');
    const status = await fetch(`${a.base}/api/staff/orders/${placed.order.id}/status`, {
      method: 'POST',
      headers: authorized(staffToken),
      body: JSON.stringify({ status: 'accepted' }),
    });
    expect(status.status).toBe(200);
    expect(await heard).toMatchObject({ order_id: placed.order.id, status: 'accepted' });
    const soldOut = await fetch(
      `${a.base}/api/staff/branches/${branch.id}/products/${product.id}/availability`,
      {
        method: 'PUT',
        headers: authorized(staffToken),
        body: JSON.stringify({ sold_out: true }),
      },
    );
    expect(soldOut.status).toBe(200);
    const logout = await fetch(`${a.base}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${leavingToken}` },
    });
    expect(logout.status).toBe(200);

    expect(await readyz(a)).toEqual({
      code: 200,
      body: { status: 'degraded', degraded: ['redis'] },
    });
    // Node B's catalogue sees the switch during the outage, well before its cache would expire.
    await until('node B shows the product sold out', onSale, (available) => !available, 10_000);
    expect(leaving.connected).toBe(true); // Node B could not hear the logout yet.

    const closed = disconnected(leaving, 15_000);
    const told = next(staying, 'resync', 15_000);
    await Promise.all([proxyA.restore(), proxyB.restore()]);
    expect(await closed).toBe('io server disconnect');
    // The live session on node B stays connected and is told to re-read its board.
    await told;
    expect(staying.connected).toBe(true);
    await until(
      'both nodes ready again',
      async () => [await readyz(a), await readyz(b)],
      (both) => both.every((r) => r.body.status === 'ready'),
      10_000,
    );

    // The logged-out session cannot come back; the live one hears orders through Redis again.
    const again = openSocket(b.base, leavingToken);
    sockets.push(again);
    expect((await connectError(again)).message).toBe('unauthorized');
    const leaked: unknown[] = [];
    leaving.on('new-order', (order) => leaked.push(order));
    again.on('new-order', (order) => leaked.push(order));

    const heardOnB = next<{ id: number }>(staying, 'new-order');
    const after = await confirmCart<ConfirmCartAnswer>(customer, orderPayload(branch, lines), 5000);
    expect(after.status, JSON.stringify(after)).toBe(true);
    if (!after.status) return;
    expect((await heardOnB).id).toBe(after.order.id);
    expect(leaked).toEqual([]);
    expect(leaving.connected).toBe(false);

    // Neither node stopped, nor logged an unexpected error.
    for (const node of [a, b]) {
      expect(node.child.exitCode).toBeNull();
      expect(node.output()).not.toContain('stopping after an unexpected error');
    }
    expect(a.output()).toContain('redis unavailable');
    expect(b.output()).toContain('redis is back');
  });

  it('tell the other nodes what one did while its own link to Redis was down, once it is back', async () => {
    const get = fetchJson(a.base);
    const branch = await alwaysOpenBranch(get);
    const lines = [cartLine((await availableProducts(get, branch.id, 1))[0]!, 1)];
    const customerToken = await login(a, 'cliente@comanda.test');
    const leavingToken = await login(b, 'staff@comanda.test');
    const stayingToken = await login(b, 'staff@comanda.test');
    const customer = openSocket(a.base, customerToken);
    const leaving = openSocket(b.base, leavingToken);
    const staying = openSocket(b.base, stayingToken);
    sockets.push(customer, leaving, staying);
    await Promise.all([connected(customer), connected(leaving), connected(staying)]);

    await proxyA.cut();
    // Node A serves alone: an order the board on B cannot hear, and a logout B cannot hear.
    const placed = await confirmCart<ConfirmCartAnswer>(
      customer,
      orderPayload(branch, lines),
      5000,
    );
    expect(placed.status, JSON.stringify(placed)).toBe(true);
    const logout = await fetch(`${a.base}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${leavingToken}` },
    });
    expect(logout.status).toBe(200);
    expect((await readyz(a)).body.status).toBe('degraded');
    expect(await readyz(b)).toEqual({ code: 200, body: { status: 'ready' } });
    expect(leaving.connected).toBe(true);

    // Back: the logged-out socket on B closes at once (not at B's next 30 s sweep), and the board
    // on B is told to re-read, which brings the order it missed.
    const closed = disconnected(leaving, 10_000);
    const told = next(staying, 'resync', 10_000);
    await proxyA.restore();
    expect(await closed).toBe('io server disconnect');
    await told;
    expect(staying.connected).toBe(true);
  });
});
