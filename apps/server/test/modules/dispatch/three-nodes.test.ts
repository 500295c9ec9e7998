import {
  confirmCartAnswer,
  type ConfirmCartAnswer,
  type EtaEvent,
  type OrderStatusEvent,
  type Product,
  type Trip,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { openDatabase } from '../../../src/db/open';
import { testClock } from '../../helpers/clock';
import { createEmptyDatabase } from '../../helpers/database';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
} from '../../helpers/ordering';
import { confirmCart, connected, listen, next, openSocket } from '../../helpers/sockets';

// Three nodes of one chain (one database, one Redis): the courier's phone on node A, the board
// on node B, the customer on node C. Each hears the others' steps of a trip (decision 068).
// Runs where Redis is (always in CI; vitest.config.ts's redisTests).
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('The three-node test needs TEST_REDIS_URL.');

describe('a trip across three nodes', () => {
  const nodes: App[] = [];
  const sockets: Socket[] = [];
  let drop: () => Promise<void>;
  let branch: { id: number };

  beforeAll(async () => {
    const target = await createEmptyDatabase();
    const schema = target.schema ? { schema: target.schema } : {};
    const config = testConfig({
      WEB_DIST: '/nonexistent-web-dist',
      REDIS_URL: redisUrl,
      ORDER_RATE_LIMIT_PER_MINUTE: 10_000,
    });
    const clock = testClock();
    const handles = [];
    for (const seedDemo of [true, false, false])
      handles.push(await openDatabase({ url: target.url, seedDemo, ...schema }));
    // Open round the clock before any node reads the branch's hours.
    branch = await branchBySlug(handles[0]!, 'campina');
    await openAllDay(handles[0]!, branch.id);
    for (const handle of handles)
      nodes.push(await buildApp({ config, database: handle, logger: false, clock }));
    await Promise.all(nodes.map((node) => node.ready()));
    drop = () => target.drop();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const node of nodes) await node.close();
    await drop();
  });

  const socketOn = async (node: App, token: string) => {
    const socket = openSocket(await listen(node), token);
    sockets.push(socket);
    await connected(socket);
    return socket;
  };

  it('the courier on A, the board on B and the customer on C see each other', async () => {
    const [a, b, c] = nodes as [App, App, App];
    const courier = await login(a, 'reparto@comanda.test');
    const staff = await login(b, 'campina@comanda.test');
    const customer = await login(c, 'cliente@comanda.test');
    const [phone, board, shopper] = [
      await socketOn(a, courier),
      await socketOn(b, staff),
      await socketOn(c, customer),
    ];
    expect(
      (
        await a.inject({
          method: 'POST',
          url: '/api/courier/shift',
          headers: bearer(courier),
          payload: { on: true },
        })
      ).statusCode,
    ).toBe(200);

    const [product] = (await availableProducts(
      c,
      { db: c.db } as Parameters<typeof availableProducts>[1],
      branch.id,
      1,
    )) as [Product];
    const answer = confirmCartAnswer.parse(
      await confirmCart<ConfirmCartAnswer>(
        shopper,
        orderPayload(branch.id, [cartItem(product)], {
          type_delivery: 2,
          address_id: await addressOf(c, customer),
        }),
      ),
    );
    if (!answer.status) throw new Error(JSON.stringify(answer.errors));
    const id = answer.order.id;
    for (const status of ['accepted', 'ready'])
      expect(
        (
          await b.inject({
            method: 'POST',
            url: `/api/staff/orders/${id}/status`,
            headers: bearer(staff),
            payload: { status },
          })
        ).statusCode,
      ).toBe(200);

    const rings = next<Trip>(phone, 'trip');
    const courierId = (
      await a.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'reparto@comanda.test')
        .executeTakeFirstOrThrow()
    ).id;
    const made = await b.inject({
      method: 'POST',
      url: '/api/staff/trips',
      headers: bearer(staff),
      payload: { courier_id: courierId, order_ids: [id] },
    });
    expect(made.statusCode).toBe(201);
    const trip = await rings;

    const boardHears = next<Trip>(board, 'trip');
    const onItsWay = nextStatus(shopper, id, 'on_the_way');
    expect(
      (
        await a.inject({
          method: 'POST',
          url: `/api/courier/trips/${trip.id}/depart`,
          headers: bearer(courier),
        })
      ).statusCode,
    ).toBe(200);
    expect((await boardHears).status).toBe('out');
    expect((await onItsWay).order.courier).toEqual({ name: 'Andrés' });

    const eta = next<EtaEvent>(shopper, 'eta');
    await a.inject({
      method: 'POST',
      url: '/api/courier/position',
      headers: bearer(courier),
      payload: { lat: 4.7, lng: -74.05, accuracy: 15 },
    });
    expect((await eta).order_id).toBe(id);

    const delivered = nextStatus(board, id, 'delivered');
    expect(
      (
        await a.inject({
          method: 'POST',
          url: `/api/courier/orders/${id}/delivered`,
          headers: bearer(courier),
        })
      ).statusCode,
    ).toBe(200);
    expect((await delivered).order.arrival).toBeNull();
  });
});

/** The first order-status event of `id` reaching `status`. */
function nextStatus(socket: Socket, id: number, status: string) {
  return new Promise<OrderStatusEvent>((resolve) => {
    const listener = (event: OrderStatusEvent) => {
      if (event.order_id !== id || event.status !== status) return;
      socket.off('order-status', listener);
      resolve(event);
    };
    socket.on('order-status', listener);
  });
}

/** A saved address of the customer in one of the branch's zones. */
async function addressOf(node: App, token: string): Promise<number> {
  const zone = await node.db
    .selectFrom('branch_delivery_zones as z')
    .innerJoin('branches as b', 'b.id', 'z.branch_id')
    .select('z.neighbourhood')
    .where('b.slug', '=', 'campina')
    .executeTakeFirstOrThrow();
  const res = await node.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: bearer(token),
    payload: {
      label: 'Casa',
      address: 'Cl. 150 #58-10',
      neighbourhood: zone.neighbourhood,
      city: 'Bogotá',
      notes: '',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().results.id;
}
