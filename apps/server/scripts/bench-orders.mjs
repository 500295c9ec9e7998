// `npm run bench:orders`: durable orders per second through the real socket path.
// Starts the built server (a fresh SQLite file by default, or DATABASE_URL=postgres://… — then
// the bench creates and drops its own database there), registers K customers, connects K
// Socket.IO clients and has each place orders back to back for a fixed time. Prints orders/s,
// latency from emit to answer (p50/p99), errors and the server's peak RSS. A benchmark, not a test.
//   BENCH_CLIENTS=50 BENCH_DURATION=15 npm run bench:orders
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:orders
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:orders   (an already running server, e.g. under a profiler)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { buildIfStale, root } from '../../../scripts/lib/build.mjs';

const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 15);
const port = 3220;
const external = process.env.BENCH_URL;
const base = external ?? `http://127.0.0.1:${port}`;
const postgres = process.env.DATABASE_URL?.startsWith('postgres');

buildIfStale({ quiet: true });

const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-orders-'));
let databaseUrl = join(dir, 'bench.db');
let dropDatabase = async () => {};
if (postgres) {
  const name = `comanda_bench_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
}

const server = external ? null : spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // A production-like run on an empty database: the demo chain is asked for explicitly.
    SEED_DEMO: 'true',
    AUTH_RATE_LIMIT_PER_IP: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = async () => {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
};

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    // starting
  }
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

const json = async (path, init) => (await fetch(`${base}${path}`, init)).json();
const branch = (await json('/api/branch-office')).results.find(
  (b) => b.opening_hours.length === 7 && b.opening_hours.every((h) => h.opens === '00:00' && h.closes === '24:00'),
);
// A realistic two-line cart: a product with options and a plain one.
const cards = [];
for (const category of (await json('/api/category-client')).results) {
  cards.push(...(await json(`/api/category/${category.slug}/${branch.id}`)).results.products.filter((p) => p.available));
}
const withOptions = [];
for (const card of cards.slice(0, 12)) withOptions.push((await json(`/api/products/${card.slug}/${branch.id}`)).results);
const select = (product) => ({
  ...product,
  modifier_group: product.modifier_group.map((g) => ({
    ...g,
    modifiers_product: g.modifiers_product.map((o, i) => ({ ...o, selected: g.required ? i === 0 : i < 2 })),
  })),
});
const detail = [
  { ...select(withOptions.find((p) => p.modifier_group.length > 1) ?? withOptions[0]), quantity: 2 },
  { ...select(withOptions.find((p) => p.modifier_group.length === 0) ?? withOptions[1]), quantity: 1 },
];

console.log(`Registering and connecting ${clients} customers…`);
const sockets = await Promise.all(
  Array.from({ length: clients }, async (_, i) => {
    const email = `bench${i}-${Date.now()}@bench.test`;
    const { access_token } = await json('/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${i}`, email, phone: String(3000000000 + i + (Date.now() % 1000) * 1000), password: 'bench-password', password_confirmation: 'bench-password' }),
    });
    const socket = io(base, { transports: ['websocket'], query: { token: access_token }, reconnection: false });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }),
);

const latencies = [];
let errors = 0;
let firstError = null;
let running = true;
const startedAt = performance.now();
await Promise.all(
  sockets.map(async (socket) => {
    while (running) {
      const clientOrderId = randomUUID();
      const sent = performance.now();
      const answer = await new Promise((resolve) => {
        socket.emit('confirm-cart', { client_order_id: clientOrderId, branch_office: { id: branch.id }, payment: { id: 1 }, form: { observation: '' }, detail, delivery: 2 }, resolve);
      });
      latencies.push(performance.now() - sent);
      if (!answer.status) {
        errors += 1;
        firstError ??= answer.errors;
      }
      if (performance.now() - startedAt > duration * 1000) running = false;
    }
  }),
);
const elapsed = (performance.now() - startedAt) / 1000;
const status = server ? readFileSync(`/proc/${server.pid}/status`, 'utf8') : '';
const peakRss = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
for (const socket of sockets) socket.disconnect();

latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
const orders = latencies.length - errors;
console.log(`\nComanda bench:orders — ${cpus()[0]?.model ?? 'CPU'} × ${cpus().length}, Node ${process.version}`);
console.log(`database: ${postgres ? 'PostgreSQL' : 'SQLite (WAL, synchronous=FULL)'}; ${clients} sockets; ${duration} s; cart of ${detail.length} lines (${detail.reduce((n, l) => n + l.quantity, 0)} items)`);
console.table({
  'durable orders/s': Math.round(orders / elapsed),
  'orders placed': orders,
  'p50 latency (ms)': Number(pct(50)),
  'p99 latency (ms)': Number(pct(99)),
  'max latency (ms)': Number(latencies.at(-1)?.toFixed(1)),
  errors,
  'server peak RSS (MB)': Math.round(peakRss),
});
if (firstError) console.log('first error:', JSON.stringify(firstError));
console.log('Goal on one node: ≥ 1,000 durable orders/s with p99 ≤ 100 ms.');
await stop();
process.exit(0);
