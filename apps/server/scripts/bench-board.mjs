// `npm run bench:board`: how fast the branch console hears things, under load. A benchmark, not a test.
// Starts the built server on a fresh database (an SQLite file by default, or
// DATABASE_URL=postgres://… — the bench creates and drops its own database there), then forks
// load-generator processes (separate from this one and from the server) that connect N boards
// (staff sockets of the branch) and M customer sockets (each its own account). This process
// places orders at a steady rate through the customers' sockets and accepts each one over HTTP
// as soon as it is placed. It prints p50/p99/max of:
//   emit → board:       the customer's `confirm-cart` emit to its `new-order` arriving on each
//                       board (the placement's queueing, validation, commit and fan-out included);
//   request → customer: the staff's Aceptar request leaving this process to its `order-status`
//                       arriving on the customer's socket.
// Server and generators share one machine, so their clocks are one clock, read to the
// microsecond as performance.timeOrigin + performance.now() in every process.
//   BENCH_BOARDS=50 BENCH_CUSTOMERS=1000 BENCH_RATE=20 BENCH_DURATION=20 npm run bench:board
//   BENCH_PORT=3281 (the server's port)  BENCH_GENERATORS=2 (load-generator processes)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:board
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
import { benchDatabase } from './lib/bench-kit.mjs';
import { alwaysOpenBranch, asCartLine } from './lib/bench-chain.mjs';
import { atRate, forkGenerators, reportsOf } from './lib/load-generators.mjs';

const self = fileURLToPath(import.meta.url);
/** Milliseconds since the epoch, to the microsecond: comparable between processes of one machine. */
const now = () => performance.timeOrigin + performance.now();

if (process.argv[2] === 'generator') await generator();
else await main();

// ---------------------------------------------------------------------------------------------
// The load generator: boards and customers, in its own process.
// ---------------------------------------------------------------------------------------------
async function generator() {
  const send = (message) => process.send(message);
  // [order id, when it was heard]: the conductor subtracts when it was sent.
  const boardHeard = [];
  const customerHeard = [];
  let boardEvents = 0;
  const customers = [];
  const sockets = [];
  let nextCustomer = 0;

  const connect = (base, token) =>
    new Promise((resolve, reject) => {
      const socket = io(base, {
        transports: ['websocket'],
        query: { token },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  process.on('message', async (message) => {
    if (message.type === 'setup') {
      const { base, staffToken, boards, customerCount, offset } = message;
      for (let i = 0; i < boards; i++) {
        const board = await connect(base, staffToken);
        board.on('new-order', (order) => {
          boardEvents += 1;
          boardHeard.push([order.id, now()]);
        });
      }
      // Accounts are registered a few at a time: each costs the server an argon2 hash.
      const register = async (i) => {
        const n = offset + i;
        const res = await fetch(`${base}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Cliente ${n}`,
            email: `board-bench-${n}@bench.test`,
            phone: String(3100000000 + n),
            password: 'bench-password',
            password_confirmation: 'bench-password',
          }),
        });
        const { access_token } = await res.json();
        const socket = await connect(base, access_token);
        socket.on('order-status', (event) => customerHeard.push([event.order_id, now()]));
        customers[i] = socket;
      };
      for (let i = 0; i < customerCount; i += 8) {
        await Promise.all(
          Array.from({ length: Math.min(8, customerCount - i) }, (_, k) => register(i + k)),
        );
      }
      send({ type: 'ready' });
    } else if (message.type === 'place') {
      const socket = customers[nextCustomer++ % customers.length];
      const emittedAt = now();
      socket.emit('confirm-cart', { ...message.order, client_order_id: randomUUID() }, (answer) => {
        send({
          type: 'placed',
          ok: answer.status,
          id: answer.status ? answer.order.id : null,
          emittedAt,
          errors: answer.status ? null : answer.errors,
        });
      });
    } else if (message.type === 'report') {
      for (const socket of sockets) socket.disconnect();
      // Tens of thousands of timings: exit once the message is written, not after a guess (on a
      // slow machine an exit 100 ms later cut the report off, and the conductor waited forever).
      process.send({ type: 'report', boardHeard, customerHeard, boardEvents }, () =>
        process.exit(0),
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The conductor: server, generators, a steady stream of orders, the figures.
// ---------------------------------------------------------------------------------------------
async function main() {
  const { buildIfStale } = await import('../../../scripts/lib/build.mjs');
  const { serverArgs } = await import('../../../scripts/lib/server-command.mjs');
  const boards = Number(process.env.BENCH_BOARDS ?? 50);
  const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 1000);
  const rate = Number(process.env.BENCH_RATE ?? 20);
  const duration = Number(process.env.BENCH_DURATION ?? 20);
  const generatorCount = Number(process.env.BENCH_GENERATORS ?? 2);
  const port = Number(process.env.BENCH_PORT ?? 3230);
  const warmup = Math.round(rate); // the first second's orders are not counted
  const base = `http://127.0.0.1:${port}`;

  buildIfStale({ quiet: true });
  // The machine's load is read before the bench's own setup (a thousand sign-ups) adds to it.
  const database = await benchDatabase('board');
  const record = benchRecord('board', {
    variant: database.postgres ? 'postgresql' : 'sqlite',
    parameters: { boards, customers: customerCount, rate, duration },
  });

  const server = spawn(process.execPath, serverArgs(), {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production refuses to start without one (decision 075).
      SECRETS_KEY: 'bench: a production start needs a key of its own',
      // A production-like run on an empty database: the demo chain is asked for explicitly.
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const generators = [];
  const stop = async () => {
    for (const child of generators) if (child.exitCode === null) child.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.drop();
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
  const login = async (email) =>
    (
      await json('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email_login: email, password_login: 'comanda123' }),
      })
    ).access_token;
  const branch = await alwaysOpenBranch(json);
  const category = (await json('/api/category-client')).results[0];
  const card = (await json(`/api/category/${category.slug}/${branch.id}`)).results.products.find(
    (p) => p.available,
  );
  const product = (await json(`/api/products/${card.slug}/${branch.id}`)).results;
  const item = asCartLine(product, 2);
  const order = {
    branch_office: { id: branch.id },
    payment: { id: 1 },
    form: { observation: 'Sin cebolla' },
    detail: [item],
    delivery: 2,
  };
  const staffToken = await login('staff@comanda.test');

  console.log(
    `Connecting ${boards} boards and ${customerCount} customers from ${generatorCount} generator processes…`,
  );
  const placedIds = [];
  // When each order was emitted by its customer, and when its Aceptar request left this process.
  const emittedAt = new Map();
  const acceptSentAt = new Map();
  let acceptFailures = 0;
  const statusChanges = [];
  const share = (total, i) =>
    Math.floor(total / generatorCount) + (i < total % generatorCount ? 1 : 0);
  const offset = (i) =>
    Array.from({ length: i }, (_, k) => share(customerCount, k)).reduce((a, b) => a + b, 0);
  const failed = await forkGenerators(self, generatorCount, {
    children: generators,
    setup: (i) => ({
      type: 'setup',
      base,
      staffToken,
      boards: share(boards, i),
      customerCount: share(customerCount, i),
      offset: offset(i),
    }),
    onPlaced: (message) => {
      placedIds.push(message.id);
      emittedAt.set(message.id, message.emittedAt);
      acceptSentAt.set(message.id, now());
      // The branch answers at once, as a board with someone watching it would.
      statusChanges.push(
        fetch(`${base}/api/staff/orders/${message.id}/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
          body: JSON.stringify({ status: 'accepted', prep_minutes: 20 }),
        }).then((res) => {
          if (!res.ok) acceptFailures += 1;
          return res.arrayBuffer();
        }),
      );
    },
  });

  console.log(`Placing ${rate} orders/s for ${duration} s…`);
  const total = Math.round(rate * duration);
  await atRate(total, rate, (i) => generators[i % generatorCount].send({ type: 'place', order }));
  // Let the last answers, status changes and events land.
  for (let i = 0; i < 100 && placedIds.length + failed.count < total; i++)
    await new Promise((r) => setTimeout(r, 100));
  await Promise.all(statusChanges);
  await new Promise((r) => setTimeout(r, 1500));

  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const peakRss = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  const reports = await reportsOf(generators);

  const counted = new Set([...placedIds].sort((a, b) => a - b).slice(warmup));
  const since = (key, sentAt) =>
    reports
      .flatMap((r) => r[key])
      .filter(([id]) => counted.has(id) && sentAt.has(id))
      .map(([id, heardAt]) => heardAt - sentAt.get(id))
      .sort((a, b) => a - b);
  const board = since('boardHeard', emittedAt);
  const customer = since('customerHeard', acceptSentAt);
  const pct = (list, p) =>
    Number(
      (list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN).toFixed(1),
    );
  const heardOnBoards = reports.reduce((n, r) => n + r.boardEvents, 0);

  console.log(
    `${database.postgres ? 'PostgreSQL' : 'SQLite'}; ${boards} boards, ${customerCount} customer sockets, ${generatorCount} generator processes; ${rate} orders/s for ${duration} s (first ${warmup} not counted)`,
  );
  console.table({
    'emit → board': {
      'p50 (ms)': pct(board, 50),
      'p99 (ms)': pct(board, 99),
      'max (ms)': Number(board.at(-1)?.toFixed(1)),
      samples: board.length,
    },
    'request → customer': {
      'p50 (ms)': pct(customer, 50),
      'p99 (ms)': pct(customer, 99),
      'max (ms)': Number(customer.at(-1)?.toFixed(1)),
      samples: customer.length,
    },
  });
  console.log(
    `orders placed: ${placedIds.length}; board deliveries ${heardOnBoards} of ${placedIds.length * boards} expected; errors: ${failed.count + acceptFailures}; server peak RSS: ${Math.round(peakRss)} MB`,
  );
  if (failed.first) console.log('first error:', JSON.stringify(failed.first));
  console.log(
    'Goal on one node: p99 ≤ 250 ms at 20 orders/s with 50 boards and 1,000 customer sockets.',
  );
  record.figure('emit → board p50', pct(board, 50), 'ms');
  record.figure('emit → board p99', pct(board, 99), 'ms', {
    goal: '≤ 250 ms',
    met: pct(board, 99) <= 250,
  });
  record.figure('request → customer p99', pct(customer, 99), 'ms', {
    goal: '≤ 250 ms',
    met: pct(customer, 99) <= 250,
  });
  record.figure(
    'board deliveries of expected',
    (heardOnBoards / (placedIds.length * boards)) * 100,
    '%',
    {
      goal: '100 %',
      met: heardOnBoards === placedIds.length * boards,
    },
  );
  record.finish();
  await stop();
  process.exit(0);
}
