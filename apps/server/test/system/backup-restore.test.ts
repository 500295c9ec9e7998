import {
  cartHistoryResponse,
  confirmCartAnswer,
  imageUploadResponse,
  type ConfirmCartAnswer,
} from '@comanda/shared';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/db/dialect';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { testDialect } from '../helpers/database';
import { until } from '../helpers/until';
import { jpegPhoto, multipart } from '../helpers/image-files';
import {
  alwaysOpenBranch,
  availableProducts,
  cartLine,
  fetchJson,
  orderPayload,
} from '../helpers/orders';
import {
  adminQuery,
  adminUrl,
  createProcessDatabase,
  freePort,
  killLeftoverServers,
  startServer,
  type ProcessDatabase,
  type ServerProcess,
} from '../helpers/server-process';

// The restore drill (decision 080), as an operator would run it, on real processes: a server
// takes orders from customers' sockets without pause while `npm run backup`'s command (the built
// dist/backup.js) copies the database; the backup is restored into a fresh database and a second
// server starts on it. Every order answered before the backup began is there with all its lines,
// no order appears that was never answered, the customer's session and history are served, and
// the uploaded image comes back byte for byte (from the `local` folder on SQLite, from the
// database on PostgreSQL, each one's default store).
const backupCli = new URL('../../dist/backup.js', import.meta.url).pathname;
/** Orders answered before the backup starts, so it copies a database in use. */
const WARM_UP_ORDERS = 10;
/** Sockets placing orders side by side, each one order at a time. */
const LANES = 2;

let source: ProcessDatabase;
let target: ProcessDatabase;
let server: ServerProcess;
let restored: ServerProcess | undefined;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'comanda-backup-'));
  source = await createProcessDatabase('backup');
  target = await freshDatabaseFor(source);
  server = startServer({ port: await freePort(), databaseUrl: source.url });
  await server.ready();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await restored?.stop();
  killLeftoverServers();
  await source?.drop();
  await target?.drop();
  rmSync(work, { recursive: true, force: true });
});

/**
 * An empty database to restore into. PostgreSQL: a new database whose search_path names the
 * source's schema (a backup goes back under its own schema's name); SQLite: a new file.
 */
async function freshDatabaseFor(from: ProcessDatabase): Promise<ProcessDatabase> {
  if (testDialect !== 'postgres') return createProcessDatabase('restored');
  const name = `r_${from.name}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  url.searchParams.set('options', `-c search_path=${from.name}`);
  return {
    url: url.toString(),
    name,
    drop: async () => void (await adminQuery(`drop database if exists ${name} with (force)`)),
  };
}

/** Runs `backup` or `restore` as `npm run` does, on `databaseUrl`; its exit code and output. */
function runCli(args: string[], databaseUrl: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [backupCli, ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function postJson(base: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { access_token?: string };
}

async function uploadImage(base: string): Promise<string> {
  const { access_token: admin } = await postJson(base, '/api/login', {
    email_login: 'admin@comanda.test',
    password_login: DEMO_PASSWORD,
  });
  const { payload, headers } = multipart(await jpegPhoto(400, 300, 7));
  const res = await fetch(`${base}/api/admin/images?kind=product`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${admin}` },
    body: payload,
  });
  expect(res.status).toBe(200);
  return imageUploadResponse.parse(await res.json()).url;
}

async function registerCustomer(base: string) {
  const tag = `${process.pid}${Date.now() % 100_000}`;
  const email = `respaldo${tag}@ejemplo.co`;
  const { access_token } = await postJson(base, '/api/register', {
    name: 'Cliente Respaldo',
    email,
    phone: `3${tag}`.slice(0, 10).padEnd(10, '0'),
    password: 'Una-clave-muy-segura-2026',
    password_confirmation: 'Una-clave-muy-segura-2026',
  });
  if (!access_token) throw new Error('registration failed');
  return { token: access_token, email };
}

/** Sends one order on the socket and waits (10 s at most) for its answer. */
function place(socket: Socket, payload: ReturnType<typeof orderPayload>) {
  return new Promise<ConfirmCartAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('confirm-cart', hear);
      reject(new Error(`order ${payload.client_order_id} not answered within 10 s`));
    }, 10_000);
    function hear(raw: unknown) {
      const answer = confirmCartAnswer.parse(raw);
      if (answer.client_order_id !== payload.client_order_id) return;
      clearTimeout(timer);
      socket.off('confirm-cart', hear);
      resolve(answer);
    }
    socket.on('confirm-cart', hear);
    socket.emit('confirm-cart', payload);
  });
}

interface Answered {
  lines: number;
  /** When the answer arrived (performance.now()). */
  at: number;
}

/**
 * Customers' sockets placing orders one after another until stopped; each order has one or two
 * lines. `answered` maps each order's id to its lines and when its answer came.
 */
async function orderStream(base: string, token: string) {
  const get = fetchJson(base);
  const branch = await alwaysOpenBranch(get);
  const products = await availableProducts(get, branch.id, 3);
  const answered = new Map<number, Answered>();
  const refused: unknown[] = [];
  let running = true;
  let n = 0;
  const lane = async (socket: Socket) => {
    while (running) {
      const i = n++;
      const lines = [cartLine(products[i % products.length]!, 1 + (i % 3))];
      if (i % 2 === 0) lines.push(cartLine(products[(i + 1) % products.length]!, 2));
      const answer = await place(socket, orderPayload(branch, lines));
      if (answer.status)
        answered.set(answer.order.id, { lines: lines.length, at: performance.now() });
      else refused.push(answer);
    }
  };
  const sockets = Array.from({ length: LANES }, () =>
    io(base, { path: '/socket.io', transports: ['websocket'], forceNew: true, query: { token } }),
  );
  await Promise.all(sockets.map((s) => new Promise((r) => s.once('connect', () => r(null)))));
  const lanes = Promise.all(sockets.map(lane));
  // An order left unanswered fails the test at stop(), not as an unhandled rejection before it.
  lanes.catch(() => undefined);
  return {
    answered,
    refused,
    async stop() {
      running = false;
      await lanes;
      for (const socket of sockets) socket.disconnect();
    },
  };
}

/** The customer's orders in a database, read directly: each one's id and its number of lines. */
async function ordersIn(databaseUrl: string, email: string) {
  const { db } = connect({ url: databaseUrl });
  try {
    const rows = await db
      .selectFrom('orders')
      .leftJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.id', (eb) => eb.fn.count<number>('order_lines.id').as('lines')])
      .innerJoin('users', 'users.id', 'orders.user_id')
      .where('users.email', '=', email)
      .groupBy('orders.id')
      .execute();
    return new Map(rows.map((row) => [row.id, Number(row.lines)]));
  } finally {
    await db.destroy();
  }
}

describe('backup and restore', () => {
  it('restores every order answered before the backup, whole, while orders keep coming; the server runs on it', async () => {
    const imageUrl = await uploadImage(server.base);
    const image = Buffer.from(await (await fetch(`${server.base}${imageUrl}`)).arrayBuffer());
    const { token, email } = await registerCustomer(server.base);
    const stream = await orderStream(server.base, token);

    await until(
      'the first orders answered',
      () => stream.answered.size,
      (answered) => answered >= WARM_UP_ORDERS,
      { timeoutMs: 15_000, everyMs: 20 },
    );
    const backupStarted = performance.now();
    const answeredBefore = [...stream.answered.keys()];
    const file = join(work, 'anoche.tar.gz');
    const backup = await runCli(['backup', file], source.url);
    const backupEnded = performance.now();
    await stream.stop();
    expect(backup.output).toMatch(/^backup: /);
    expect(backup.code).toBe(0);
    expect(stream.refused).toEqual([]);
    // Orders kept being answered while the backup ran: it copied a database in use.
    const during = [...stream.answered.values()].filter(
      (order) => order.at > backupStarted && order.at < backupEnded,
    );
    expect(during.length).toBeGreaterThan(0);

    const restore = await runCli(['restore', file], target.url);
    expect(restore.output).toMatch(/^restore: /);
    expect(restore.code).toBe(0);
    // A second restore into the same (now full) database is refused without --force.
    const again = await runCli(['restore', file], target.url);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already has data.*--force/);
    // With --force it replaces what is there (PostgreSQL: the schema dropped and made again).
    const forced = await runCli(['restore', file, '--force'], target.url);
    expect(forced.output).toMatch(/^restore: /);
    expect(forced.code).toBe(0);

    restored = startServer({ port: await freePort(), databaseUrl: target.url });
    await restored.ready();
    const kept = await ordersIn(target.url, email);
    for (const id of answeredBefore) expect(kept.has(id), `order ${id}`).toBe(true);
    for (const [id, lines] of kept) {
      // Orders in flight may or may not be there; any that is was answered, with all its lines.
      expect(stream.answered.has(id), `order ${id} was never answered`).toBe(true);
      expect(lines, `lines of order ${id}`).toBe(stream.answered.get(id)!.lines);
    }

    // The customer's session came back too, and the history lists the restored orders.
    const history = await fetch(`${restored.base}/api/cart-history`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(history.status).toBe(200);
    const page = cartHistoryResponse.parse(await history.json());
    expect(page.total).toBe(kept.size);
    // Its first page: restored orders only (their order is the history's, not the ids').
    expect(page.results.length).toBe(Math.min(page.per_page, kept.size));
    for (const order of page.results) expect(kept.has(order.id), `order ${order.id}`).toBe(true);

    const served = await fetch(`${restored.base}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    // About 7–9 s on a quiet machine; the limit is for a busy one.
  }, 60_000);
});
