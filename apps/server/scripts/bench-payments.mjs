// `npm run bench:payments`: exactly once, whatever the provider does (decision 061). A benchmark
// that counts, not a test. Starts the payment simulator (dist/payment-simulator.js) and the built
// server on a fresh database (an SQLite file, or DATABASE_URL=postgres://…: the bench creates and
// drops its own database), then forks load-generator processes that place orders paid online
// through customers' sockets, pay each at the simulator's checkout as a browser would, and listen
// on a board. Every event reaches the webhook three times, shuffled; one payment in ten sends no
// event at all, so only reconciliation finds it. One paid order in twenty is rejected at the
// board, which owes its refund. At the end the bench reads the database and the simulator's books:
//   orders received once / lost / doubled (goal: all / 0 / 0),
//   refunds owed / made by the provider (goal: equal, and no peso more),
//   approval → board: from the checkout's answer to the board's `new-order`, p50/p99, by webhook
//   and by reconciliation alone.
//   BENCH_ORDERS=1000 BENCH_RATE=20 BENCH_CUSTOMERS=100 BENCH_GENERATORS=2 npm run bench:payments
//   BENCH_PORT=3291 BENCH_SIMULATOR_PORT=3292   DATABASE_URL=postgres://…/postgres npm run bench:payments
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
import { serverArgs } from '../../../scripts/lib/server-command.mjs';
import { benchDatabase, percentile, stopProcess, waitFor } from './lib/bench-kit.mjs';
import { alwaysOpenBranch, asCartLine } from './lib/bench-chain.mjs';
import { atRate, forkGenerators, reportsOf } from './lib/load-generators.mjs';

const self = fileURLToPath(import.meta.url);
const simulatorBundle = fileURLToPath(new URL('../dist/payment-simulator.js', import.meta.url));
/** Milliseconds since the epoch, to the microsecond: comparable between processes of one machine. */
const now = () => performance.timeOrigin + performance.now();
const round = (value) => (Number.isFinite(value) ? Number(value.toFixed(1)) : NaN);

if (process.argv[2] === 'generator') await generator();
else await main();

// ---------------------------------------------------------------------------------------------
// The load generator, in its own process: customers who order and pay, and a board that hears.
// ---------------------------------------------------------------------------------------------
async function generator() {
  const sockets = [];
  const customers = [];
  /** [order id, when the board heard it]: every `new-order`, duplicates included. */
  const heard = [];
  const connect = (base, token) =>
    new Promise((resolve, reject) => {
      const socket = io(base, { transports: ['websocket'], query: { token }, forceNew: true });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  /** Pays at the simulator's checkout as a browser does: the form of the page, one button. */
  async function pay(redirect, delivery) {
    const checkout = new URL(redirect);
    const form = new URLSearchParams(checkout.searchParams);
    form.set('outcome', 'APPROVED');
    form.set('method', 'CARD');
    form.set('delivery', delivery);
    const answer = await fetch(new URL('/p/pay', checkout.origin), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    await answer.arrayBuffer();
    return answer.status === 303;
  }

  process.on('message', async (message) => {
    if (message.type === 'setup') {
      const { base, staffToken, tokens, board } = message;
      // One board in all: each `new-order` it hears is one ring.
      if (board)
        (await connect(base, staffToken)).on('new-order', (order) => heard.push([order.id, now()]));
      for (const token of tokens) customers.push(await connect(base, token));
      process.send({ type: 'ready' });
    } else if (message.type === 'order') {
      const socket = customers[message.customer % customers.length];
      const answer = await socket
        .timeout(30_000)
        .emitWithAck('confirm-cart', { ...message.order, client_order_id: randomUUID() })
        .catch((error) => ({ status: false, errors: { _: [String(error)] } }));
      if (!answer.status || !answer.payment) {
        process.send({ type: 'placed', ok: false, errors: answer.errors });
        return;
      }
      const paid = await pay(answer.payment.redirect_url, message.delivery);
      process.send({
        type: 'placed',
        ok: paid,
        id: answer.order.id,
        approvedAt: now(),
        delivery: message.delivery,
      });
    } else if (message.type === 'report') {
      process.send({ type: 'report', heard });
      for (const socket of sockets) socket.disconnect();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The conductor: the simulator, the server, the orders, and the books at the end.
// ---------------------------------------------------------------------------------------------
async function main() {
  const orders = Number(process.env.BENCH_ORDERS ?? 1000);
  const rate = Number(process.env.BENCH_RATE ?? 20);
  const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100);
  const generatorCount = Number(process.env.BENCH_GENERATORS ?? 2);
  const port = Number(process.env.BENCH_PORT ?? 3291);
  const simulatorPort = Number(process.env.BENCH_SIMULATOR_PORT ?? 3292);
  const base = `http://127.0.0.1:${port}`;
  const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
  const database = await benchDatabase('payments');
  const record = benchRecord('payments', {
    variant: database.postgres ? 'postgresql' : 'sqlite',
    parameters: { orders, rate, customers: customerCount, generators: generatorCount },
  });

  const simulator = spawn(
    process.execPath,
    [
      simulatorBundle,
      '--port',
      String(simulatorPort),
      '--webhook',
      `${base}/api/payments/wompi/events`,
      '--retry-ms',
      '200',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const server = spawn(process.execPath, serverArgs(), {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      // The simulator takes no real money, and production refuses it: a development start.
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'simulator',
      WOMPI_API_URL: `${simulatorUrl}/v1`,
      // Reconciliation asks two sweeps after an attempt is made: a couple of seconds here.
      PAYMENT_RECONCILE_SECONDS: '1',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const generators = [];
  // A bench that fails halfway leaves no server, simulator or generator behind.
  process.on('exit', () => {
    for (const child of [server, simulator, ...generators])
      if (child.exitCode === null) child.kill();
  });
  const stop = async () => {
    for (const child of generators) if (child.exitCode === null) child.kill();
    await stopProcess(server);
    await stopProcess(simulator);
    await database.drop();
  };
  await waitFor(`${base}/readyz`);
  await waitFor(`${simulatorUrl}/_control/summary`);

  const json = async (path, init) => (await fetch(`${base}${path}`, init)).json();
  const post = (path, body, token) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const staffToken = (
    await (
      await post('/api/login', { email_login: 'staff@comanda.test', password_login: 'comanda123' })
    ).json()
  ).access_token;
  const order = await anOrder(json);

  console.log(`Registering ${customerCount} customers…`);
  const tokens = [];
  for (let i = 0; i < customerCount; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, customerCount - i) }, async (_, k) => {
        const n = i + k;
        const res = await post('/api/register', {
          name: `Cliente ${n}`,
          email: `pagos-${n}@bench.test`,
          phone: String(3200000000 + n),
          password: 'bench-password',
          password_confirmation: 'bench-password',
        });
        return (await res.json()).access_token;
      }),
    );
    tokens.push(...batch);
  }

  const placed = new Map(); // order id → approval time at the provider
  const onlyReconciled = new Set();
  const share = (list, i) => list.filter((_, k) => k % generatorCount === i);
  const failed = await forkGenerators(self, generatorCount, {
    children: generators,
    setup: (i) => ({ type: 'setup', base, staffToken, tokens: share(tokens, i), board: i === 0 }),
    onPlaced: (message) => {
      placed.set(message.id, message.approvedAt);
      if (message.delivery === 'nunca') onlyReconciled.add(message.id);
    },
  });

  console.log(`Placing and paying ${orders} orders at ${rate}/s…`);
  await atRate(orders, rate, (i) => {
    // One in ten: no event at all; the rest: every event three times, shuffled.
    const delivery = i % 10 === 9 ? 'nunca' : 'tres-al-azar';
    generators[i % generatorCount].send({ type: 'order', order, customer: i, delivery });
  });
  for (let i = 0; i < 600 && placed.size + failed.count < orders; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const ids = [...placed.keys()].sort((a, b) => a - b);

  // Every twentieth paid order is rejected at the board once it arrived: a refund is owed.
  await until(
    () => books(database, ids),
    (b) => b.received >= ids.length,
    90_000,
  );
  const toReject = ids.filter((_, k) => k % 20 === 19);
  for (const id of toReject)
    await post(
      `/api/staff/orders/${id}/status`,
      { status: 'rejected', reason: 'Sin domiciliarios' },
      staffToken,
    );
  const final = await until(
    async () => ({ ...(await books(database, ids)), made: await voids(simulatorUrl) }),
    (b) => b.refundsConfirmed >= toReject.length,
    60_000,
  );

  const reports = await reportsOf(generators);
  const heard = reports.flatMap((report) => report.heard);
  const heardCount = new Map();
  for (const [id] of heard) heardCount.set(id, (heardCount.get(id) ?? 0) + 1);
  const latency = (which) =>
    heard
      .filter(([id]) => placed.has(id) && which(id))
      .map(([id, at]) => at - placed.get(id))
      .sort((a, b) => a - b);
  const byWebhook = latency((id) => !onlyReconciled.has(id));
  const byReconciliation = latency((id) => onlyReconciled.has(id));
  const rungTwice = [...heardCount.values()].filter((n) => n > 1).length;
  const lost = ids.length - final.received;
  const doubled = final.receivedTwice + rungTwice;

  console.log(
    `${database.postgres ? 'PostgreSQL' : 'SQLite'}; ${orders} orders at ${rate}/s from ${customerCount} customers in ${generatorCount} generators; events three times shuffled, one payment in ten only by reconciliation`,
  );
  console.table({
    'orders paid': { value: ids.length },
    'received once': { value: final.received - final.receivedTwice },
    lost: { value: lost },
    doubled: { value: doubled },
    'heard on the board': { value: heardCount.size },
    'refunds owed': { value: toReject.length },
    'refunds made by the provider': { value: final.made.count },
    'refunded pesos over owed': { value: final.made.pesos - final.owedPesos },
    'events the webhook answered': { value: final.events },
  });
  console.table({
    'approval → board (webhook)': {
      'p50 (ms)': round(percentile(byWebhook, 50)),
      'p99 (ms)': round(percentile(byWebhook, 99)),
      samples: byWebhook.length,
    },
    'approval → board (reconciliation)': {
      'p50 (ms)': round(percentile(byReconciliation, 50)),
      'p99 (ms)': round(percentile(byReconciliation, 99)),
      samples: byReconciliation.length,
    },
  });
  if (failed.count)
    console.log(`placement or payment failures: ${failed.count}`, JSON.stringify(failed.first));

  record.figure('orders received once', final.received - final.receivedTwice, 'orders', {
    goal: `${orders}`,
    met: final.received - final.receivedTwice === orders,
  });
  record.figure('orders lost', lost, 'orders', { goal: '0', met: lost === 0 });
  record.figure('orders doubled', doubled, 'orders', { goal: '0', met: doubled === 0 });
  record.figure(
    'refunds made of owed',
    (final.made.count / Math.max(1, toReject.length)) * 100,
    '%',
    {
      goal: '100 %, no more',
      met: final.made.count === toReject.length && final.made.pesos === final.owedPesos,
    },
  );
  record.figure('approval → board p50 (webhook)', percentile(byWebhook, 50), 'ms');
  record.figure('approval → board p99 (webhook)', percentile(byWebhook, 99), 'ms');
  record.figure(
    'approval → board p99 (reconciliation only)',
    percentile(byReconciliation, 99),
    'ms',
  );
  record.finish();
  await stop();
  process.exit(0);
}

async function until(read, done, ms) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > ms) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A one-burger pickup at the demo's 24 h branch, paid online. */
async function anOrder(json) {
  const branch = await alwaysOpenBranch(json);
  const online = (await json('/api/cart-type-payment')).results.find((method) => method.online);
  const card = (await json(`/api/category/hamburguesas/${branch.id}`)).results.products.find(
    (p) => p.available,
  );
  const product = (await json(`/api/products/${card.slug}/${branch.id}`)).results;
  return {
    branch_office: { id: branch.id },
    payment: { id: online.id },
    form: { observation: '' },
    detail: [asCartLine(product, 1)],
    type_delivery: 1,
  };
}

/** The database's word: orders that reached the branch, twice, refunds confirmed, events kept. */
async function books(database, ids) {
  // The bench's orders are the ones placed to be paid online (the demo's own have no expiry).
  const received = `select h.order_id from order_status_history h join orders o on o.id = h.order_id
    where h.status = 'received' and o.payment_expires_at is not null`;
  const sql = {
    received: `select count(distinct order_id) as n from (${received}) r`,
    twice: `select count(*) as n from (select order_id from (${received}) r group by order_id having count(*) > 1) t`,
    confirmed: `select count(*) as n from refunds where status = 'approved'`,
    owed: `select coalesce(sum(amount), 0) as n from refunds where status != 'declined'`,
    events: `select count(*) as n from payment_events where source = 'webhook'`,
  };
  const run = await query(database);
  try {
    // One after another: one PostgreSQL client runs one query at a time.
    const counts = [];
    for (const text of Object.values(sql)) counts.push(Number((await run(text))[0].n));
    const [received, twice, confirmed, owed, events] = counts;
    return {
      received: Math.min(received, ids.length),
      receivedTwice: twice,
      refundsConfirmed: confirmed,
      owedPesos: owed,
      events,
    };
  } finally {
    await run.close();
  }
}

/** A read-only connection to the bench's database (the server keeps writing its own). */
async function query(database) {
  if (database.postgres) {
    const client = new database.pg.Client({ connectionString: database.url });
    await client.connect();
    const run = async (text) => (await client.query(text)).rows;
    run.close = () => client.end();
    return run;
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(database.url, { readonly: true });
  const run = async (text) => db.prepare(text).all();
  run.close = async () => db.close();
  return run;
}

/** What the provider really gave back: its voids, in pesos. */
async function voids(simulatorUrl) {
  const summary = await (await fetch(`${simulatorUrl}/_control/summary`)).json();
  return { count: summary.voids, pesos: summary.voided_in_cents / 100 };
}
