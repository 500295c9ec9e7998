// `npm run bench:orders`: durable orders per second through the real socket path, against a
// bare-database ceiling. A benchmark, not a test.
//
// 1. Starts the built server (a fresh SQLite file by default, or DATABASE_URL=postgres://… — then
//    the bench creates and drops its own database there) and registers K customers.
// 2. Forks load-generator processes (separate from this one and from the server), each with its
//    share of the customers' Socket.IO connections (scripts/lib/lean-socket.mjs: the bytes
//    socket.io-client sends, without its per-message work); every customer places orders back to back
//    (a two-line cart of 3 items with options) and waits for the answer, which comes only after
//    the commit, as the storefront does: the `confirm-cart` event naming its client_order_id. The first BENCH_WARMUP seconds are not counted.
// 3. Stops the server and runs the ceiling: one bare loop in this process writing the same rows
//    (an order, its lines, its first status, its customer's count) in transactions of the batch
//    size the server's group commit actually used, on the same database — better-sqlite3 with the
//    server's pragmas (setSqlitePragmas: WAL, synchronous=FULL, foreign keys, the WAL checkpoint threshold), or one
//    pg connection with the same multi-row statements.
// Prints orders/s, p50/p99/max ack latency, errors, the server's peak RSS, the ceiling and the ratio.
//   BENCH_CLIENTS=200 BENCH_DURATION=15 BENCH_GENERATORS=2 npm run bench:orders   (tsx scripts/bench-orders.mjs)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:orders
//   PORT=4150 (the server's port)  BENCH_WARMUP=2  BENCH_CEILING_SECONDS=10
//   BENCH_PROFILE=/tmp/prof (the server runs under node --cpu-prof, profiles written there)
import { execFileSync, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
// The very columns, in the very order, the server writes an order with: the ceiling writes the
// same rows. Production TypeScript, so this script runs under tsx (npm run bench:orders).
import { setSqlitePragmas } from '../src/db/dialect.ts';
import { orderColumns, orderLineColumns } from '../src/modules/orders/batch-repository.ts';

const self = fileURLToPath(import.meta.url);
// Clock ticks per second of /proc/<pid>/stat's CPU times (100 on Linux almost everywhere).
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

// ---------------------------------------------------------------------------------------------
// A load generator: its share of the customers, in its own process.
// ---------------------------------------------------------------------------------------------
async function generator() {
  const { connectLean, packetWith } = await import('./lib/lean-socket.mjs');
  const sockets = [];
  process.on('message', async (message) => {
    if (message.type === 'setup') {
      const { base, tokens } = message;
      for (const token of tokens) sockets.push(await connectLean(base, token));
      process.send({ type: 'ready' });
    } else if (message.type === 'go') {
      const { order, countFrom, stopAt } = message;
      // The packet socket.io-client sends for `socket.emit('confirm-cart', {...order, client_order_id})`.
      const confirmCart = packetWith('confirm-cart', order, 'client_order_id');
      const answerPrefix = '42["confirm-cart",';
      const latencies = [];
      let errors = 0;
      let firstError = null;
      // This generator's CPU over the counted window: what the load itself costs the machine.
      let cpuFrom = null;
      const cpuTimer = setTimeout(
        () => (cpuFrom = process.cpuUsage()),
        Math.max(0, countFrom - Date.now()),
      );
      let cpuMs = 0;
      const cpuStop = setTimeout(
        () => {
          const used = process.cpuUsage(cpuFrom ?? undefined);
          cpuMs = (used.user + used.system) / 1000;
        },
        Math.max(0, stopAt - Date.now()),
      );
      await Promise.all(
        sockets.map(async (socket) => {
          // One order in flight per customer; its answer is the `confirm-cart` event naming it.
          let waiting = null;
          socket.onEvent((text) => {
            if (!waiting || !text.startsWith(answerPrefix)) return;
            const at = text.indexOf('"client_order_id":"');
            const id = at < 0 ? null : text.slice(at + 19, text.indexOf('"', at + 19));
            if (id !== waiting.id) return;
            const settle = waiting.resolve;
            waiting = null;
            settle(text);
          });
          while (Date.now() < stopAt) {
            const sentAt = Date.now();
            const sent = performance.now();
            const clientOrderId = randomUUID();
            const text = await new Promise((resolve) => {
              waiting = { id: clientOrderId, resolve };
              socket.send(confirmCart(clientOrderId));
            });
            const latency = performance.now() - sent;
            // Counted: placed after the warm-up and answered before the end.
            if (sentAt < countFrom || Date.now() > stopAt) continue;
            if (text.startsWith(`${answerPrefix}{"status":true`)) latencies.push(latency);
            else {
              errors += 1;
              firstError ??= JSON.parse(text.slice(2))[1].errors;
            }
          }
        }),
      );
      clearTimeout(cpuTimer);
      clearTimeout(cpuStop);
      for (const socket of sockets) socket.close();
      process.send({ type: 'done', latencies, errors, firstError, cpuMs });
    }
  });
  process.send({ type: 'started' });
}

// ---------------------------------------------------------------------------------------------
// The conductor: server, customers, generators, then the ceiling.
// ---------------------------------------------------------------------------------------------
async function main() {
  const { buildIfStale, root } = await import('../../../scripts/lib/build.mjs');
  const { benchDatabase } = await import('./lib/bench-kit.mjs');
  const clients = Number(process.env.BENCH_CLIENTS ?? 200);
  const duration = Number(process.env.BENCH_DURATION ?? 15);
  const warmup = Number(process.env.BENCH_WARMUP ?? 2);
  const generators = Number(process.env.BENCH_GENERATORS ?? 2);
  const ceilingSeconds = Number(process.env.BENCH_CEILING_SECONDS ?? 10);
  const port = Number(process.env.PORT ?? 3220);
  const base = `http://127.0.0.1:${port}`;
  const profileDir = process.env.BENCH_PROFILE;

  buildIfStale({ quiet: true });

  const database = await benchDatabase('orders');
  const { pg, postgres, url: databaseUrl } = database;

  const server = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      join(root, 'apps/server/dist/server.js'),
    ],
    {
      env: {
        PATH: process.env.PATH,
        ...(process.env.XW ? { XW: process.env.XW } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // A production-like run on an empty database: the demo chain is asked for explicitly.
        SEED_DEMO: 'true',
        AUTH_RATE_LIMIT_PER_IP: '100000',
        // Each bench customer orders back to back, far faster than a person may.
        ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let serverExited = false;
  server.once('exit', () => (serverExited = true));
  const stopServer = async () => {
    if (serverExited) return;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
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
    (b) =>
      b.opening_hours.length === 7 &&
      b.opening_hours.every((h) => h.opens === '00:00' && h.closes === '24:00'),
  );
  // A realistic two-line cart: a product with options and a plain one.
  const cards = [];
  for (const category of (await json('/api/category-client')).results) {
    cards.push(
      ...(await json(`/api/category/${category.slug}/${branch.id}`)).results.products.filter(
        (p) => p.available,
      ),
    );
  }
  const withOptions = [];
  for (const card of cards.slice(0, 12))
    withOptions.push((await json(`/api/products/${card.slug}/${branch.id}`)).results);
  const select = (product) => ({
    ...product,
    modifier_group: product.modifier_group.map((g) => ({
      ...g,
      modifiers_product: g.modifiers_product.map((o, i) => ({
        ...o,
        selected: g.required ? i === 0 : i < 2,
      })),
    })),
  });
  const detail = [
    {
      ...select(withOptions.find((p) => p.modifier_group.length > 1) ?? withOptions[0]),
      quantity: 2,
    },
    {
      ...select(withOptions.find((p) => p.modifier_group.length === 0) ?? withOptions[1]),
      quantity: 1,
    },
  ];
  const order = {
    branch_office: { id: branch.id },
    payment: { id: 1 },
    form: { observation: '' },
    detail,
    delivery: 2,
  };

  const record = benchRecord('orders', {
    variant: postgres ? 'postgresql' : 'sqlite',
    parameters: { clients, generators, duration, warmup },
  });
  console.log(`Registering ${clients} customers…`);
  const tokens = [];
  const stamp = Date.now();
  // A few at a time: each registration costs the server an argon2 hash.
  for (let i = 0; i < clients; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, clients - i) }, async (_, k) => {
        const n = i + k;
        const { access_token } = await json('/api/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Bench ${n}`,
            email: `bench${n}-${stamp}@bench.test`,
            phone: String(3000000000 + n + (stamp % 1000) * 1000),
            password: 'bench-password',
            password_confirmation: 'bench-password',
          }),
        });
        return access_token;
      }),
    );
    tokens.push(...batch);
  }

  console.log(`Connecting them from ${generators} load-generator processes…`);
  const children = Array.from({ length: generators }, () =>
    fork(self, ['generator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  const nextMessage = (child, type) =>
    new Promise((resolve) => {
      const on = (message) => {
        if (message.type !== type) return;
        child.off('message', on);
        resolve(message);
      };
      child.on('message', on);
    });
  await Promise.all(children.map((child) => nextMessage(child, 'started')));
  await Promise.all(
    children.map((child, g) => {
      const ready = nextMessage(child, 'ready');
      child.send({ type: 'setup', base, tokens: tokens.filter((_, i) => i % generators === g) });
      return ready;
    }),
  );

  console.log(`Placing orders for ${warmup} + ${duration} s…`);
  const countFrom = Date.now() + warmup * 1000;
  const stopAt = countFrom + duration * 1000;
  // The server's CPU over the counted window, read from /proc: the whole process (every
  // thread), and its main thread alone, the event loop that every socket waits on.
  const cpuMsOf = (path) => {
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  };
  const serverCpuMs = () => ({
    all: cpuMsOf(`/proc/${server.pid}/stat`),
    main: cpuMsOf(`/proc/${server.pid}/task/${server.pid}/stat`),
  });
  const serverCpu = { from: { all: 0, main: 0 }, to: { all: 0, main: 0 } };
  setTimeout(() => (serverCpu.from = serverCpuMs()), countFrom - Date.now());
  setTimeout(() => (serverCpu.to = serverCpuMs()), stopAt - Date.now());
  const results = await Promise.all(
    children.map((child) => {
      const done = nextMessage(child, 'done');
      child.send({ type: 'go', order, countFrom, stopAt });
      return done;
    }),
  );
  for (const child of children) child.kill();
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const peakRss = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  await stopServer();

  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const errors = results.reduce((n, r) => n + r.errors, 0);
  const firstError = results.find((r) => r.firstError)?.firstError;
  const pct = (p) =>
    Number(
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(
        1,
      ),
    );
  const rate = latencies.length / duration;
  const cpuPerOrder = (ms) => Math.round((ms * 1000) / Math.max(1, latencies.length));
  const generatorCpuMs = results.reduce((n, r) => n + r.cpuMs, 0);

  console.log(
    `Comanda: ${Math.round(rate)} orders/s, p99 ${pct(99)} ms, server ${cpuPerOrder(serverCpu.to.all - serverCpu.from.all)} µs CPU/order (main thread ${cpuPerOrder(serverCpu.to.main - serverCpu.from.main)}); running the ceiling…`,
  );

  // Every order of one group-commit batch carries the same created_at: the batch size the
  // server used is orders / distinct instants. The ceiling writes batches of that size.
  const ceiling = postgres
    ? await postgresCeiling(pg, databaseUrl, ceilingSeconds)
    : await sqliteCeiling(databaseUrl, ceilingSeconds);
  await database.drop();

  console.log(
    `database: ${postgres ? 'PostgreSQL' : 'SQLite (WAL, synchronous=FULL)'}; ${clients} customers on ${generators} generator processes; ` +
      `${duration} s counted after ${warmup} s; cart of ${detail.length} lines (${detail.reduce((n, l) => n + l.quantity, 0)} items)`,
  );
  console.table({
    'durable orders/s': Math.round(rate),
    'orders counted': latencies.length,
    'p50 latency (ms)': pct(50),
    'p99 latency (ms)': pct(99),
    'max latency (ms)': Number(latencies.at(-1)?.toFixed(1)),
    errors,
    'server peak RSS (MB)': Math.round(peakRss),
    'server CPU µs/order': cpuPerOrder(serverCpu.to.all - serverCpu.from.all),
    'server main thread µs/order': cpuPerOrder(serverCpu.to.main - serverCpu.from.main),
    'server CPU (cores)': Number(
      ((serverCpu.to.all - serverCpu.from.all) / 1000 / duration).toFixed(2),
    ),
    'server main thread busy': `${(((serverCpu.to.main - serverCpu.from.main) / 1000 / duration) * 100).toFixed(0)} %`,
    'generators CPU µs/order': cpuPerOrder(generatorCpuMs),
    'mean group-commit batch': Number(ceiling.batch.toFixed(1)),
    'bare-database ceiling (orders/s)': Math.round(ceiling.rate),
    'Comanda / ceiling': `${((rate / ceiling.rate) * 100).toFixed(1)} %`,
  });
  if (firstError) console.log('first error:', JSON.stringify(firstError));
  console.log(
    'Goals at 200 clients: SQLite ≥ 4,000 orders/s, PostgreSQL ≥ 2,000 orders/s, p99 ≤ 100 ms and ≤ 150 ms.',
  );
  const share = rate / ceiling.rate;
  record.figure('durable orders/s', rate, '/s');
  record.figure('orders/s of the bare ceiling’s', share * 100, '%', {
    goal: '≥ 50 %',
    met: share >= 0.5,
  });
  record.figure('p99 emit → answer', pct(99), 'ms', { goal: '≤ 100 ms', met: pct(99) <= 100 });
  record.figure(
    'server main thread CPU per order',
    cpuPerOrder(serverCpu.to.main - serverCpu.from.main),
    'µs',
  );
  record.figure('errors', errors, '', { goal: '0', met: errors === 0 });
  record.finish();
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// The ceilings: the rows one order writes, copied from an order the server stored, written in
// transactions of the server's batch size as fast as one connection can.
// ---------------------------------------------------------------------------------------------

/** Multi-row INSERT text for `rows` rows of `columns`, with `?` or `$n` placeholders. */
function insertText(table, columns, rows, numbered, suffix = '') {
  let n = 0;
  const row = () => `(${columns.map(() => (numbered ? `$${++n}` : '?')).join(', ')})`;
  return `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows }, row).join(', ')}${suffix}`;
}

/** One batch's statements and parameters, given a way to run a statement and read back ids. */
async function writeBatch(run, { template, lines, users, size, seq, at }) {
  const batchUsers = Array.from({ length: size }, (_, i) => users[(seq.next + i) % users.length]);
  const perUser = new Map();
  for (const user of batchUsers) perUser.set(user, (perUser.get(user) ?? 0) + 1);
  const sortedUsers = [...perUser].sort(([a], [b]) => a - b);
  const counts = await run('counts', sortedUsers.length, sortedUsers.flat());
  const next = new Map(
    counts.map((row) => [
      Number(row.user_id),
      Number(row.orders) - perUser.get(Number(row.user_id)) + 1,
    ]),
  );
  const orderParams = [];
  for (const user of batchUsers) {
    const userSeq = next.get(user);
    next.set(user, userSeq + 1);
    const row = {
      ...template,
      user_id: user,
      client_order_id: randomUUID(),
      user_seq: userSeq,
      status: 'received',
      created_at: at,
      updated_at: at,
    };
    orderParams.push(...orderColumns.map((column) => row[column]));
  }
  const ids = (await run('orders', size, orderParams)).map((row) => Number(row.id));
  const lineParams = ids.flatMap((id) =>
    lines.flatMap((line, position) =>
      orderLineColumns.map((column) => ({ ...line, order_id: id, position })[column]),
    ),
  );
  await run('lines', size * lines.length, lineParams);
  await run(
    'history',
    size,
    ids.flatMap((id) => [id, 'received', at]),
  );
  seq.next += size;
}

const statementText = (numbered) => ({
  counts: (rows) =>
    insertText(
      'user_order_counts',
      ['user_id', 'orders'],
      rows,
      numbered,
      ' on conflict (user_id) do update set orders = user_order_counts.orders + excluded.orders returning user_id, orders',
    ),
  orders: (rows) =>
    insertText(
      'orders',
      orderColumns,
      rows,
      numbered,
      ' on conflict (user_id, client_order_id) do nothing returning id',
    ),
  lines: (rows) => insertText('order_lines', orderLineColumns, rows, numbered),
  history: (rows) =>
    insertText('order_status_history', ['order_id', 'status', 'at'], rows, numbered),
});

async function sqliteCeiling(file, seconds) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  // The server's own pragmas, so the loop pays for the same durability, foreign-key checks and
  // checkpoints.
  setSqlitePragmas(db);
  const { n, batches } = db
    .prepare(
      "select count(*) as n, count(distinct created_at) as batches from orders where client_order_id not like 'demo-%'",
    )
    .get();
  const batch = n / Math.max(1, batches);
  const size = Math.max(1, Math.round(batch));
  const template = db
    .prepare(
      "select * from orders where client_order_id not like 'demo-%' order by id desc limit 1",
    )
    .get();
  const lines = db
    .prepare('select * from order_lines where order_id = ? order by position')
    .all(template.id);
  const users = db
    .prepare("select distinct user_id from orders where client_order_id not like 'demo-%'")
    .all()
    .map((r) => r.user_id);
  const texts = statementText(false);
  const statements = new Map();
  const run = async (kind, rows, params) => {
    const key = `${kind}:${rows}`;
    if (!statements.has(key)) statements.set(key, db.prepare(texts[kind](rows)));
    const statement = statements.get(key);
    return statement.reader ? statement.all(params) : (statement.run(params), []);
  };
  const seq = { next: 0 };
  const started = performance.now();
  let written = 0;
  while (performance.now() - started < seconds * 1000) {
    db.exec('begin immediate');
    await writeBatch(run, { template, lines, users, size, seq, at: new Date().toISOString() });
    db.exec('commit');
    written += size;
  }
  const rate = written / ((performance.now() - started) / 1000);
  db.close();
  return { batch, rate };
}

async function postgresCeiling(pg, url, seconds) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const {
    rows: [stats],
  } = await client.query(
    "select count(*)::int as n, count(distinct created_at)::int as batches from orders where client_order_id not like 'demo-%'",
  );
  const batch = stats.n / Math.max(1, stats.batches);
  const size = Math.max(1, Math.round(batch));
  const {
    rows: [template],
  } = await client.query(
    "select * from orders where client_order_id not like 'demo-%' order by id desc limit 1",
  );
  const { rows: lines } = await client.query(
    'select * from order_lines where order_id = $1 order by position',
    [template.id],
  );
  const users = (
    await client.query(
      "select distinct user_id from orders where client_order_id not like 'demo-%'",
    )
  ).rows.map((r) => r.user_id);
  const texts = statementText(true);
  // Named statements: parsed and planned once, as a hand-written loop would.
  const run = async (kind, rows, values) =>
    (await client.query({ name: `${kind}-${rows}`, text: texts[kind](rows), values })).rows;
  const seq = { next: 0 };
  const started = performance.now();
  let written = 0;
  while (performance.now() - started < seconds * 1000) {
    await client.query('begin');
    await writeBatch(run, { template, lines, users, size, seq, at: new Date().toISOString() });
    await client.query('commit');
    written += size;
  }
  const rate = written / ((performance.now() - started) / 1000);
  await client.end();
  return { batch, rate };
}

// Last: the constants above must be initialised before either part runs.
if (process.argv[2] === 'generator') await generator();
else await main();
