import { confirmCartAnswer, type ConfirmCartAnswer } from '@comanda/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/db/dialect';
import {
  alwaysOpenBranch,
  availableProducts,
  cartLine,
  expectedTotal,
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

// Exactly once through a crash: customers on several sockets send a burst of orders and, like
// the storefront, send each one again with the same client_order_id until it is answered. The
// real server process is killed with SIGKILL in the middle of the burst (orders committed but
// not yet answered, others half-written or not yet read) and started again on the same database
// and port. In the end every order is answered, and each is stored exactly once, at the price
// the shared pricing rule gives for the API's own product data.
const CUSTOMERS = 3;
const SOCKETS_PER_CUSTOMER = 2;
/** Orders answered when the kill is sent: the burst goes on until then, and after it. */
const KILL_AFTER_ANSWERS = 20;
/** Orders each socket sends after the kill, while the server is down and coming back. */
const ORDERS_AFTER_KILL = 5;
/** Between two orders of one socket: a sustained burst, not one packet. */
const GAP_MS = 10;

let database: ProcessDatabase;
let port: number;
let server: ServerProcess;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await createProcessDatabase('exactly_once');
  port = await freePort();
  server = startServer({ port, databaseUrl: database.url });
  await server.ready();
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.stop();
  killLeftoverServers();
  await database.drop();
});

async function register(n: number): Promise<string> {
  const tag = `${process.pid}${n}${Date.now() % 10_000}`;
  const res = await fetch(`${server.base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Cliente ${n}`,
      email: `crash${tag}@ejemplo.co`,
      phone: `3${tag}`.slice(0, 10).padEnd(10, '0'),
      password: 'Una-clave-muy-segura-2026',
      password_confirmation: 'Una-clave-muy-segura-2026',
    }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`registration failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

type Payload = ReturnType<typeof orderPayload>;

async function countStored(clientOrderIds: string[]): Promise<number> {
  const { db } = connect({ url: database.url });
  try {
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_order_id', 'in', clientOrderIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

/**
 * One storefront tab: keeps each order until it is answered, and sends it again, same id, on
 * every reconnection and after a "could not save, try again". Any other refusal is recorded.
 */
function customerTab(token: string, onPlaced: () => void) {
  const pending = new Map<string, Payload>();
  const placed = new Map<string, { id: number; total: number }>();
  const refused: ConfirmCartAnswer[] = [];

  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    query: { token },
    reconnection: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
  });
  sockets.push(socket);
  const emit = (payload: Payload) => void socket.emit('confirm-cart', payload);

  socket.on('connect', () => {
    for (const payload of pending.values()) emit(payload);
  });
  socket.on('confirm-cart', (raw: unknown) => {
    const answer = confirmCartAnswer.parse(raw);
    const payload = answer.client_order_id ? pending.get(answer.client_order_id) : undefined;
    if (!payload) return; // an answer to a copy already settled
    if (answer.status) {
      pending.delete(payload.client_order_id);
      placed.set(payload.client_order_id, { id: answer.order.id, total: answer.order.total });
      onPlaced();
    } else if (Object.keys(answer.errors).join() === '_') {
      setTimeout(() => pending.has(payload.client_order_id) && emit(payload), 100);
    } else {
      pending.delete(payload.client_order_id);
      refused.push(answer);
    }
  });

  return {
    connected: () =>
      new Promise<void>((resolve) =>
        socket.connected ? resolve() : socket.once('connect', () => resolve()),
      ),
    place(payload: Payload) {
      pending.set(payload.client_order_id, payload);
      emit(payload);
    },
    placed,
    refused,
    pendingCount: () => pending.size,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('exactly once through a crash', () => {
  it('stores every answered order once, at the right total, when the server is killed mid-burst and restarted', async () => {
    const get = fetchJson(server.base);
    const branch = await alwaysOpenBranch(get);
    const products = await availableProducts(get, branch.id, 4);
    expect(products.length).toBeGreaterThan(1);
    const tokens = await Promise.all(Array.from({ length: CUSTOMERS }, (_, n) => register(n)));

    let answered = 0;
    let storedAtKill = -1;
    let restarted: Promise<void> | null = null;
    const onPlaced = () => {
      answered++;
      if (answered === KILL_AFTER_ANSWERS) {
        restarted = server.crash().then(async () => {
          storedAtKill = await countStored([...expected.keys()]);
          server = startServer({ port, databaseUrl: database.url });
          await server.ready();
        });
      }
    };
    const tabs = tokens.flatMap((token) =>
      Array.from({ length: SOCKETS_PER_CUSTOMER }, () => customerTab(token, onPlaced)),
    );
    await Promise.all(tabs.map((tab) => tab.connected()));

    const expected = new Map<string, number>();
    let n = 0;
    const wave = () => {
      for (const tab of tabs) {
        const i = n++;
        const lines = [cartLine(products[i % products.length]!, 1 + (i % 3), i % 2)];
        if (i % 4 === 0) lines.push(cartLine(products[(i + 1) % products.length]!, 2, 1));
        const payload = orderPayload(branch, lines);
        expected.set(payload.client_order_id, expectedTotal(payload));
        tab.place(payload);
      }
    };
    // Orders keep coming until the kill, and for a while after it, whatever the machine's speed.
    while (!restarted) {
      if (n > 5000) throw new Error('no order was answered');
      wave();
      await sleep(GAP_MS);
    }
    for (let i = 0; i < ORDERS_AFTER_KILL; i++) {
      wave();
      await sleep(GAP_MS);
    }
    await restarted;
    for (let waited = 0; tabs.some((tab) => tab.pendingCount() > 0); waited += 50) {
      if (waited > 60_000) throw new Error('orders still unanswered a minute after the restart');
      await sleep(50);
    }

    // The kill really landed mid-burst: the dead process had stored some orders, not all.
    expect(storedAtKill).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
    expect(storedAtKill).toBeLessThan(expected.size);
    expect(tabs.flatMap((tab) => tab.refused)).toEqual([]);

    const answers = new Map(tabs.flatMap((tab) => [...tab.placed]));
    expect(answers.size).toBe(expected.size);

    const { db } = connect({ url: database.url });
    try {
      const stored = await db
        .selectFrom('orders')
        .select(['id', 'client_order_id', 'total'])
        .where('client_order_id', 'in', [...expected.keys()])
        .execute();
      expect(stored).toHaveLength(expected.size);
      for (const row of stored) {
        const answer = answers.get(row.client_order_id);
        expect(answer?.id, row.client_order_id).toBe(row.id);
        expect(row.total, row.client_order_id).toBe(expected.get(row.client_order_id));
        expect(answer?.total).toBe(row.total);
      }
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
