import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  proxyAnswers,
  startCluster,
  type Cluster,
  type ProxyAnswer,
} from '../../bench/deploy/cluster';
import { customerSessions } from '../../bench/deploy/customers';
import { startLoad, type Load } from '../../bench/deploy/storefront-load';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { alwaysOpenBranch, availableProducts, fetchJson } from '../helpers/orders';
import {
  adminQuery,
  createProcessDatabase,
  freePort,
  type ProcessDatabase,
} from '../helpers/server-process';
import { until } from '../helpers/until';

// A deploy at dinner time (decision 078): three nodes behind HAProxy, started from deploy/ as a
// chain runs them (the rendered haproxy.cfg, the built server), on one PostgreSQL and one Redis.
// 200 customers order through the proxy as the storefront does and two consoles watch the branch,
// while each node in turn is stopped with SIGTERM and started again: every acknowledged order is
// stored exactly once at its price, both consoles show every one (heard live, read again on
// reconnecting as the console does, or told again when its customer's retry reaches another
// node), no customer sees an error and the proxy answers no 5xx. Then one node is killed with
// SIGKILL: the proxy takes it out within its checks' bound and no acknowledged order is lost. vitest.config.ts runs this on the PostgreSQL processes project.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('The rolling-restart test needs TEST_REDIS_URL.');

const CUSTOMERS = 200;
const CONSOLES = 2;
const NODES = 3;
/**
 * Each customer pauses 12–24 s before each of their 2 orders (the first pause from 0): about 11
 * orders/s from the 200 together for 40 s or so. The pace is scaled down, not the customers:
 * the three nodes, PostgreSQL, Redis, HAProxy and these clients share the 2-core CI machine. Two
 * orders each keep the branch under the 500 open orders a console reads back after a
 * reconnection (STAFF_LIST_LIMIT); nobody here moves an order along.
 */
const THINK_MS = [12_000, 24_000] as const;
const ORDERS_EACH = 2;
/** Orders acknowledged before the first restart: the load is really on. */
const WARM_ORDERS = 30;
/**
 * deploy/haproxy.cfg.template: a check every 1 s, then every 250 ms after a failure, out after 2
 * failures. A killed node refuses the check at once: out within 1.25 s; the bound adds the
 * machine's slack.
 */
const OUT_WITHIN_MS = 2500;

let database: ProcessDatabase;
let cluster: Cluster | undefined;
let load: Load | undefined;

beforeAll(async () => {
  database = await createProcessDatabase('rolling');
  const ports = await Promise.all(Array.from({ length: NODES + 1 }, () => freePort()));
  cluster = await startCluster({
    proxyPort: ports[0]!,
    nodePorts: ports.slice(1),
    databaseUrl: database.url,
    redisUrl,
    // Everyone comes from the proxy's address here: the per-IP and per-account limits have
    // their own tests. The drain is the shipped default (SHUTDOWN_DRAIN_MS unset).
    env: { AUTH_RATE_LIMIT_PER_IP: '100000', ORDER_RATE_LIMIT_PER_MINUTE: '10000' },
  });
}, 90_000);

afterAll(async () => {
  load?.close();
  await cluster?.stop().catch(() => cluster?.kill());
  await database?.drop();
});

async function post(path: string, body: object): Promise<{ access_token?: string }> {
  const res = await fetch(`${cluster!.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { access_token?: string };
}

async function consoleTokens(count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const body = { email_login: 'staff@comanda.test', password_login: DEMO_PASSWORD };
      const { access_token } = await post('/api/login', body);
      return access_token!;
    }),
  );
}

const acknowledgedIn = (phase: string) =>
  [...load!.acknowledged.values()].filter((order) => order.phase === phase).length;

describe('a rolling restart behind HAProxy', () => {
  it('loses, doubles and shows no order while each node restarts, and takes a killed node out', async () => {
    const c = cluster!;
    const get = fetchJson(c.base);
    const branch = await alwaysOpenBranch(get);
    const products = await availableProducts(get, branch.id, 4);
    const customers = await customerSessions(database.url, CUSTOMERS, 'rolling');
    const consoles = await consoleTokens(CONSOLES);
    load = startLoad({
      base: c.base,
      customerTokens: customers,
      staffTokens: consoles,
      branch,
      products,
      thinkMs: THINK_MS,
      ordersEach: ORDERS_EACH,
    });
    const l = load;
    await until('every socket connected', l.connected, (n) => n === CUSTOMERS + CONSOLES, {
      timeoutMs: 20_000,
    });
    await until(
      'orders before the restarts',
      () => acknowledgedIn('before'),
      (n) => n >= WARM_ORDERS,
      {
        timeoutMs: 20_000,
      },
    );
    l.setPhase('restarts');
    const restarts = [];
    for (let i = 0; i < NODES; i++) {
      const restart = await c.restart(i);
      restarts.push(restart.ms);
      expect(restart.outBeforeExit, `node ${i + 1} out before it exited`).toBe(true);
    }
    const restartsLogged = c.log.length;
    const errorsOfRestarts = [...l.visibleErrors];
    l.setPhase('crash');
    expect(await c.crash(0)).toBeLessThan(OUT_WITHIN_MS);
    // The killed node's sockets found the other two: every screen is connected again.
    await until('every socket connected again', l.connected, (n) => n === CUSTOMERS + CONSOLES, {
      timeoutMs: 20_000,
    });
    await l.stop();
    await Promise.all(l.boards.map((board) => board.settled()));

    expect(errorsOfRestarts).toEqual([]);
    expect(l.counts.serverDisconnects).toBe(0);
    // Each restart moved its sockets: they reconnected by themselves, to the other nodes.
    expect(l.counts.reconnections).toBeGreaterThan(CUSTOMERS);
    expect(c.answers().length).toBeGreaterThan(0);
    const fivexx = (answers: ProxyAnswer[]) => answers.filter((answer) => answer.status >= 500);
    expect(
      fivexx(proxyAnswers(c.log.slice(0, restartsLogged))),
      'the proxy answered a 5xx',
    ).toEqual([]);

    await expectStoredOnce(l);
    for (const board of l.boards) {
      const ids = [...l.acknowledged.values()].map((order) => order.id);
      await until(
        'the console shows every order',
        () => ids.filter((id) => !board.shows(id)),
        (missing) => missing.length === 0,
      );
    }
    console.log(
      `rolling restart: ${l.acknowledged.size} orders acknowledged, ${l.counts.retriesAbsorbed} sent again on reconnection, ` +
        `${l.counts.reconnections} reconnections, errors after the kill: ${l.visibleErrors.length - errorsOfRestarts.length}, ` +
        `5xx after the kill: ${fivexx(proxyAnswers(c.log.slice(restartsLogged))).length}; ` +
        `restarts (ms from SIGTERM: out, exited; then ready, in): ${JSON.stringify(restarts.map((r) => [r.out, r.exited, r.ready, r.in].map(Math.round)))}`,
    );
  }, 150_000);
});

/** Every acknowledged order is stored once, with the id and total its customer was told. */
async function expectStoredOnce(l: Load) {
  const ids = [...l.acknowledged.keys()];
  const { rows } = await adminQuery<{ client_order_id: string; id: number; total: number }>(
    `select client_order_id, id, total from ${database.name}.orders where client_order_id = any($1)`,
    [ids],
  );
  expect(rows.length).toBe(ids.length);
  for (const row of rows) {
    const told = l.acknowledged.get(row.client_order_id)!;
    expect({ id: row.id, total: Number(row.total) }).toEqual({
      id: told.id,
      total: told.expectedTotal,
    });
  }
}
