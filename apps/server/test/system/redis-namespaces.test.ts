import { SOCKET_EVENTS, type ConfirmCartAnswer } from '@comanda/shared';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CHANNEL } from '../../src/plugins/catalog-events';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import {
  alwaysOpenBranch,
  availableProducts,
  cartLine,
  orderPayload,
  type GetJson,
} from '../helpers/orders';
import { confirmCart, connected, listen, next, openSocket } from '../helpers/sockets';

// Two deployments (each its own database, the same demo chain, so the same branch ids and room
// names) on one Redis, configured with nothing but the same REDIS_URL: no event of one reaches
// the other. A third node given the first one's REDIS_PREFIX on purpose hears the first one's
// events, which shows that what keeps the other two apart is the namespace, not chance.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('The Redis namespace test needs TEST_REDIS_URL.');

interface Deployment {
  test: TestApp;
  base: string;
  token(email: string): Promise<string>;
}

let one: Deployment;
let two: Deployment;
let sharing: Deployment;
let direct: Redis;
const sockets: Socket[] = [];

async function deploy(prefix?: string): Promise<Deployment> {
  const test = await buildTestApp({
    REDIS_URL: redisUrl,
    ...(prefix ? { REDIS_PREFIX: prefix } : {}),
  });
  const base = await listen(test.app);
  return {
    test,
    base,
    async token(email) {
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email_login: email, password_login: DEMO_PASSWORD },
      });
      return res.json<{ access_token: string }>().access_token;
    },
  };
}

function socket(deployment: Deployment, token: string | null) {
  const opened = openSocket(deployment.base, token);
  sockets.push(opened);
  return opened;
}

/** Every event a socket hears, by name. */
function recorder(target: Socket) {
  const heard: string[] = [];
  target.onAny((event: string) => heard.push(event));
  return heard;
}

beforeAll(async () => {
  one = await deploy();
  two = await deploy();
  sharing = await deploy(one.test.app.redis!.prefix);
  direct = new Redis(redisUrl);
});

afterAll(async () => {
  for (const opened of sockets) opened.disconnect();
  await Promise.all([one?.test.close(), two?.test.close(), sharing?.test.close()]);
  direct?.disconnect();
});

describe('two deployments on one Redis', () => {
  it('derive different namespaces from their databases, and keep every event to themselves', async () => {
    const prefixOne = one.test.app.redis!.prefix;
    const prefixTwo = two.test.app.redis!.prefix;
    expect(prefixOne).toMatch(/^comanda:[0-9a-f]{12}$/);
    expect(prefixTwo).toMatch(/^comanda:[0-9a-f]{12}$/);
    expect(prefixTwo).not.toBe(prefixOne);

    const get: GetJson = async (path) => (await one.test.app.inject(path)).json();
    const branch = await alwaysOpenBranch(get);
    const [product, other] = await availableProducts(get, branch.id, 2);

    const staffOne = socket(one, await one.token('staff@comanda.test'));
    const staffTwo = socket(two, await two.token('staff@comanda.test'));
    const storefrontTwo = socket(two, null);
    const staffSharing = socket(sharing, await sharing.token('staff@comanda.test'));
    const customerOne = socket(one, await one.token('cliente@comanda.test'));
    await Promise.all(
      [staffOne, staffTwo, storefrontTwo, staffSharing, customerOne].map(connected),
    );
    const heardByTwo = [recorder(staffTwo), recorder(storefrontTwo)];

    // An order and a sold-out switch in deployment one: its own staff hear both, and so does the
    // node that shares its namespace on purpose, through Redis.
    const orderOnOne = next<{ id: number }>(staffOne, SOCKET_EVENTS.newOrder);
    const orderOnSharing = next<{ id: number }>(staffSharing, SOCKET_EVENTS.newOrder);
    const placed = await confirmCart<ConfirmCartAnswer>(
      customerOne,
      orderPayload(branch, [cartLine(other!, 1)]),
    );
    expect(placed.status, JSON.stringify(placed)).toBe(true);
    if (!placed.status) return;
    expect((await orderOnOne).id).toBe(placed.order.id);
    expect((await orderOnSharing).id).toBe(placed.order.id);

    const switchOnSharing = next(staffSharing, SOCKET_EVENTS.availability);
    const soldOut = await one.test.app.inject({
      method: 'PUT',
      url: `/api/staff/branches/${branch.id}/products/${product!.id}/availability`,
      headers: { authorization: `Bearer ${await one.token('staff@comanda.test')}` },
      payload: { sold_out: true },
    });
    expect(soldOut.statusCode).toBe(200);
    await switchOnSharing;

    // A barrier: a message published after all of the above on deployment two's own channel.
    // Redis delivers in order, so once two has heard it, it has heard whatever was coming.
    const barrier = Promise.all([
      next(staffTwo, SOCKET_EVENTS.catalogChanged),
      next(storefrontTwo, SOCKET_EVENTS.catalogChanged),
    ]);
    await direct.publish(
      `${prefixTwo}:${CATALOG_CHANNEL}`,
      JSON.stringify({ origin: 'test', change: { type: 'catalog' } }),
    );
    await barrier;
    expect(heardByTwo).toEqual([[SOCKET_EVENTS.catalogChanged], [SOCKET_EVENTS.catalogChanged]]);

    // Deployment two still sells the product one sold out.
    const listed = await two.test.app.inject(`/api/products/${product!.slug}/${branch.id}`);
    expect(listed.statusCode).toBe(200);
    const orderOnTwo = await confirmCart<ConfirmCartAnswer>(
      socket(two, await two.token('cliente@comanda.test')),
      orderPayload(branch, [cartLine(product!, 1)]),
    );
    expect(orderOnTwo.status, JSON.stringify(orderOnTwo)).toBe(true);
  });
});
