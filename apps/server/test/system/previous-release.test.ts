import type { Product } from '@comanda/shared';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/db/dialect';
import { migrateToLatest, migrationsFor } from '../../src/db/migrate';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { testDialect } from '../helpers/database';
import { alwaysOpenBranch, cartLine, fetchJson, orderPayload } from '../helpers/orders';
import {
  migrationNamesAt,
  previousRelease,
  releaseBundle,
  type Release,
} from '../helpers/previous-release';
import {
  createProcessDatabase,
  freePort,
  killLeftoverServers,
  startServer,
  type ProcessDatabase,
  type ServerProcess,
} from '../helpers/server-process';
import { confirmCart, next } from '../helpers/sockets';

// A rolling deploy (decision 081): the previous release (deploy/releases.json) runs on a
// database, this version's migrations run on it, and the previous release must go on serving —
// the menu, a sign-in, an order, the console accepting it — and, unless the release is recorded
// as unable to, start again on it (a node restarting mid-deploy, or a rollback) without
// undoing what it does not know. Its server is built from its commit with its own build script
// (helpers/previous-release.ts). What it is sent is raw JSON read from its own answers, so this
// test speaks its API, not today's.
let release: Release;
let newer: string[];
let database: ProcessDatabase;
let port: number;
let bundle: string;
let server: ServerProcess;
const sockets: Socket[] = [];

const start = () =>
  startServer({ port, databaseUrl: database.url, bundle, env: { SEED_DEMO: 'true' } });

beforeAll(async () => {
  release = previousRelease();
  bundle = releaseBundle(release.commit);
  const released = new Set(migrationNamesAt(release.commit));
  newer = Object.keys(migrationsFor(testDialect)).filter((name) => !released.has(name));
  database = await createProcessDatabase('release');
  port = await freePort();
  // The release creates its own schema and seeds the demo chain, as it did in production.
  server = start();
  await server.ready();
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
  killLeftoverServers();
  await database?.drop();
});

/** Runs this version's migrator on the release's database; the names it has recorded. */
async function migrateWithThisVersion(): Promise<string[]> {
  const handle = connect({ url: database.url });
  try {
    const outcome = await migrateToLatest(handle);
    expect(outcome.results?.map((r) => [r.migrationName, r.status])).toEqual(
      newer.map((name) => [name, 'Success']),
    );
    return await recordedMigrations();
  } finally {
    await handle.db.destroy();
  }
}

async function recordedMigrations(): Promise<string[]> {
  const { db } = connect({ url: database.url });
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return rows.map((row) => row.name).sort();
  } finally {
    await db.destroy();
  }
}

describe(`the previous release, on a database this version has migrated`, () => {
  let recorded: string[];

  it('keeps serving: the menu, a sign-in, an order, the console accepting it', async () => {
    recorded = await migrateWithThisVersion();
    await smokeTest(server.base);
  });

  it('starts again on it without undoing what it does not know, or refuses as recorded', async () => {
    await server.stop();
    server = start();
    if (release.startsOnNewerMigrations || newer.length === 0) {
      await server.ready();
      await smokeTest(server.base);
    } else {
      // Recorded in deploy/releases.json: Kysely's default refuses a recorded migration it was
      // not given. The operator's guide says what that means for the deploy from this release.
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/previously executed migration \S+ is missing/);
    }
    expect(await recordedMigrations()).toEqual(recorded);
  });
});

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_login: email, password_login: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`${email} could not sign in: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The first product on sale at the branch, as the release's menu describes it. */
async function firstProduct(base: string, branchId: number): Promise<Product> {
  const get = fetchJson(base);
  const categories = (await get('/api/category-client')) as { results: { slug: string }[] };
  for (const { slug } of categories.results) {
    const listed = (await get(`/api/category/${slug}/${branchId}`)) as {
      results: { products: { slug: string; available: boolean }[] };
    };
    const card = listed.results.products.find((p) => p.available);
    if (card)
      return ((await get(`/api/products/${card.slug}/${branchId}`)) as { results: Product })
        .results;
  }
  throw new Error('the menu has no product on sale');
}

function openSocket(base: string, token: string): Promise<Socket> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    query: { token },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function smokeTest(base: string): Promise<void> {
  const branch = await alwaysOpenBranch(fetchJson(base));
  const product = await firstProduct(base, branch.id);
  const customer = await openSocket(base, await signIn(base, 'cliente@comanda.test'));
  const staffToken = await signIn(base, 'staff@comanda.test');
  const board = await openSocket(base, staffToken);

  const rung = next<{ id: number }>(board, 'new-order');
  const answer = await confirmCart<{
    client_order_id: string | null;
    status: boolean;
    order?: { id: number };
  }>(customer, orderPayload(branch, [cartLine(product, 1)]));
  expect(answer.status, JSON.stringify(answer)).toBe(true);
  const orderId = answer.order!.id;
  expect((await rung).id).toBe(orderId);

  const told = next<{ order_id: number; status: string }>(customer, 'order-status');
  const accepted = await fetch(`${base}/api/staff/orders/${orderId}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
    body: JSON.stringify({ status: 'accepted' }),
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  expect(await told).toMatchObject({ order_id: orderId, status: 'accepted' });
  customer.disconnect();
  board.disconnect();
}
