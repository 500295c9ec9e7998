// `npm run bench:history`: how long the order lists take when the orders table is big. A
// benchmark, not a test. Starts the built server on a fresh database (SQLite by default, or
// DATABASE_URL=postgres://… — the bench creates and drops its own database there), registers one
// customer, stops the server and writes BENCH_ORDERS orders straight into the database
// (BENCH_USER_ORDERS of them the customer's, the rest spread over the staff accounts and the
// last year, each with one line), then starts the server again and times, over HTTP from this
// process, one request after another:
//   - the customer's history: first, middle and last page by `page`, and deep pages by cursor;
//   - the branch console: the board (open orders) and the day list, today and a year ago.
// Prints p50/p99 per request (the HTTP round trip on localhost included) and the query plans.
// The session's share (decision 048): a second server on the same database with its session
// cache off (SESSION_CACHE_ENTRIES=0), and BENCH_ROUNDS rounds in which `/healthz` (no session),
// `/api/me` and history page 1 go to each server in turn, one request after another: the p50 of
// each, the median over the rounds, so both servers see the same moments of a noisy machine.
//   BENCH_ORDERS=1000000 BENCH_USER_ORDERS=100000 npm run bench:history   (tsx scripts/bench-history.mjs)
//   PORT=4153 (the server without the cache: PORT+1)  BENCH_REPEAT=50  BENCH_ROUNDS=3
import { OPEN_ORDER_STATUSES, addDays, chainDayRange, chainToday } from '@comanda/shared';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { spawn } from 'node:child_process';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
import { buildIfStale } from '../../../scripts/lib/build.mjs';
import { serverArgs } from '../../../scripts/lib/server-command.mjs';
// The lists' queries are the repository's own, timed and explained as production sends them:
// production TypeScript, so this script runs under tsx (npm run bench:history).
import { connect } from '../src/db/dialect.ts';
import * as ordersReads from '../src/modules/orders/reads/reads-repository.ts';
import { STAFF_LIST_LIMIT } from '../src/lib/staff-list-limit.ts';
import { createConsoleRepository } from '../src/modules/console/repository.ts';
import { benchDatabase, median } from './lib/bench-kit.mjs';
import { changesFolded } from './lib/change-log.mjs';

const total = Number(process.env.BENCH_ORDERS ?? 1_000_000);

/** The orders module's reads (plain functions of the store, decision 065) with the store given. */
const ordersReadsOf = (store) =>
  Object.fromEntries(
    Object.entries(ordersReads).map(([name, read]) => [name, (...args) => read(store, ...args)]),
  );
const mine = Number(process.env.BENCH_USER_ORDERS ?? 100_000);
const repeat = Number(process.env.BENCH_REPEAT ?? 50);
/** Rounds of every kind of request before any is timed. */
const warmUp = Number(process.env.BENCH_WARM_UP ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const port = Number(process.env.PORT ?? 3230);
const base = `http://127.0.0.1:${port}`;
/** The same server and database, its session cache off: what each request paid before. */
const uncachedBase = `http://127.0.0.1:${port + 1}`;
/** Día's list as the console asks for it: newest first, at most STAFF_LIST_LIMIT, no search. */
const dayList = { newestFirst: true, limit: STAFF_LIST_LIMIT };

buildIfStale({ quiet: true });

const database = await benchDatabase('history');
const { pg, postgres, url: databaseUrl } = database;
// Before the bench adds its load (a million rows written, then folded by two servers' catch-up
// for minutes): the load and the speed probes say what the machine was doing, not the bench.
const record = benchRecord('history', {
  variant: postgres ? 'postgresql' : 'sqlite',
  parameters: { orders: total, mine, repeat, warm_up: warmUp },
});

async function startServer(serverPort = port, env = {}) {
  const server = spawn(process.execPath, serverArgs(), {
    env: {
      ...env,
      PATH: process.env.PATH,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production refuses to start without one (decision 075).
      SECRETS_KEY: 'bench: a production start needs a key of its own',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/readyz`)).ok) break;
    } catch {
      // starting
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
}

const post = async (path, body) =>
  (
    await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();

let stop = await startServer();
const customer = await post('/api/register', {
  name: 'Cliente Frecuente',
  email: 'frecuente@bench.test',
  phone: '3009999999',
  password: 'bench-password',
  password_confirmation: 'bench-password',
});
const admin = await post('/api/login', {
  email_login: 'admin@comanda.test',
  password_login: 'comanda123',
});
await stop();

// ---------------------------------------------------------------------------------------------
// The orders, written in the database's own loops. Orders n = 1..total: the customer's are every
// (total / mine)-th, the others go to the staff accounts in turn; created_at goes back one year
// from now, newest last; the newest 150 are still open (the board).
// ---------------------------------------------------------------------------------------------
const day = 86_400_000;
const now = Date.now();
console.log(
  `Writing ${total.toLocaleString('en')} orders (${mine.toLocaleString('en')} of one customer)…`,
);
const started = performance.now();
const fill = (q) => q.replace(/\s+/g, ' ');
const plans = [];
const queryRows = [];
if (postgres) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const query = (text, values) => client.query(text, values);
  const { rows: others } = await query("select id from users where role <> 'customer' order by id");
  const { rows: branches } = await query('select id, address from branches order by id');
  const {
    rows: [product],
  } = await query('select id, slug, title, image, price from products order by id limit 1');
  const {
    rows: [payment],
  } = await query('select id, description from payment_types order by id limit 1');
  const every = Math.round(total / mine);
  await query('begin');
  await query(
    fill(`
    insert into orders (user_id, branch_id, client_order_id, type_delivery, address, payment_type_id, payment_description,
      quantity, total, status, created_at, updated_at, user_seq)
    select case when n % $1 = 0 then $2 else ($3::int[])[1 + n % cardinality($3::int[])] end,
      ($4::int[])[1 + n % cardinality($4::int[])], 'bench-' || n, 1, 'En la sede', $5, $6, 1, $7,
      case when n > $8 - 150 then 'received' else 'delivered' end,
      to_timestamp(($9::bigint - ($8 - n) * ($10::bigint / $8)) / 1000.0), to_timestamp(($9::bigint - ($8 - n) * ($10::bigint / $8)) / 1000.0),
      null
    from generate_series(1, $8) as n`),
    [
      every,
      customer.user.id,
      others.map((u) => u.id),
      branches.map((b) => b.id),
      payment.id,
      payment.description,
      product.price,
      total,
      now,
      365 * day,
    ],
  );
  await query(
    `update orders set user_seq = numbered.n from (select id, row_number() over (partition by user_id order by id) as n from orders) as numbered where numbered.id = orders.id and orders.user_seq is null`,
  );
  await query(`delete from user_order_counts`);
  await query(
    `insert into user_order_counts (user_id, orders) select user_id, count(*) from orders group by user_id`,
  );
  await query(
    `insert into order_lines (order_id, product_id, slug, title, image, unit_price, quantity, total, options, position)
     select id, $1, $2, $3, $4, $5, 1, $5, '[]', 0 from orders where client_order_id like 'bench-%'`,
    [product.id, product.slug, product.title, product.image, product.price],
  );
  await query('commit');
  // Vacuumed as well as analyzed: the numbering above rewrote every row, and a chain's table has
  // been vacuumed since its rows were written. Left to autovacuum, the million dead rows and the
  // unset visibility map are cleaned whenever it gets to them, which can be during the timing.
  await query('vacuum analyze');
  const explain = async (label, text, values) =>
    plans.push([
      label,
      // Run, not only planned: the times and buffers of each step on this data.
      (await query(`explain (analyze, buffers) ${text}`, values)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n'),
    ]);
  await explainAll(explain, 'postgres', customer.user.id, branches[0].id, now);
  await timeQueries(
    async (text, values) => (await query(text, values)).rows,
    '$',
    customer.user.id,
    branches[0].id,
  );
  await client.end();
} else {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(databaseUrl);
  db.pragma('journal_mode = WAL');
  const others = db
    .prepare("select id from users where role <> 'customer' order by id")
    .all()
    .map((u) => u.id);
  const branches = db
    .prepare('select id from branches order by id')
    .all()
    .map((b) => b.id);
  const product = db
    .prepare('select id, slug, title, image, price from products order by id limit 1')
    .get();
  const payment = db.prepare('select id, description from payment_types order by id limit 1').get();
  const every = Math.round(total / mine);
  const insert = db.prepare(
    `insert into orders (user_id, branch_id, client_order_id, type_delivery, address, payment_type_id, payment_description,
       quantity, total, status, created_at, updated_at) values (?, ?, ?, 1, 'En la sede', ?, ?, 1, ?, ?, ?, ?)`,
  );
  const line = db.prepare(
    `insert into order_lines (order_id, product_id, slug, title, image, unit_price, quantity, total, options, position) values (?, ?, ?, ?, ?, ?, 1, ?, '[]', 0)`,
  );
  db.transaction(() => {
    let other = 0;
    for (let n = 1; n <= total; n++) {
      const user = n % every === 0 ? customer.user.id : others[other++ % others.length];
      const at = new Date(now - (total - n) * ((365 * day) / total)).toISOString();
      const { lastInsertRowid } = insert.run(
        user,
        branches[n % branches.length],
        `bench-${n}`,
        payment.id,
        payment.description,
        product.price,
        n > total - 150 ? 'received' : 'delivered',
        at,
        at,
      );
      line.run(
        lastInsertRowid,
        product.id,
        product.slug,
        product.title,
        product.image,
        product.price,
        product.price,
      );
    }
    db.exec(
      `update orders set user_seq = numbered.n from (select id, row_number() over (partition by user_id order by id) as n from orders) as numbered where numbered.id = orders.id and orders.user_seq is null`,
    );
    db.exec('delete from user_order_counts');
    db.exec(
      'insert into user_order_counts (user_id, orders) select user_id, count(*) from orders group by user_id',
    );
  })();
  db.exec('analyze');
  const explain = async (label, text, values) =>
    plans.push([
      label,
      db
        .prepare(`explain query plan ${text}`)
        .all(...values)
        .map((r) => r.detail)
        .join('\n'),
    ]);
  await explainAll(explain, 'sqlite', customer.user.id, branches[0], now);
  await timeQueries(
    async (text, values) => db.prepare(text).all(...values),
    '?',
    customer.user.id,
    branches[0],
  );
  db.close();
}
console.log(`  written in ${((performance.now() - started) / 1000).toFixed(0)} s`);

/**
 * The database's share, without HTTP: one history page as the repository reads it (one
 * statement: the count row, the page by position, its lines; through Kysely on a connection of
 * its own, as the server does), against what was sent before decision 018 (count(*) of all the customer's orders, then
 * OFFSET), which is no longer in the code and so is written here.
 */
async function timeQueries(run, mark, userId, branchId) {
  const handle = connect({ url: databaseUrl, poolSize: 1 });
  const repository = ordersReadsOf(handle);
  let n = 0;
  const p = () => (mark === '$' ? `$${++n}` : '?');
  const columns =
    'o.id, o.client_order_id, o.branch_id, b.title, b.address, o.type_delivery, o.address, o.total, o.status, o.created_at, u.name, u.phone, o.user_seq';
  const from =
    'from orders o join branches b on b.id = o.branch_id join users u on u.id = o.user_id';
  const perPage = 10;
  const measure = async (label, once) => {
    const samples = [];
    for (let i = 0; i < repeat + 5; i++) {
      const t0 = performance.now();
      await once();
      if (i >= 5) samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    queryRows.push({
      queries: label,
      'p50 ms': Number(samples[Math.floor(samples.length / 2)].toFixed(2)),
      'p99 ms': Number(samples[Math.floor(samples.length * 0.99)].toFixed(2)),
    });
  };
  // The pages as the orders service asks for them (reads.ts, the history): one statement each.
  const byPosition = (number) =>
    repository.historyPage({ userId, perPage, skip: (number - 1) * perPage });
  const byOffset = async (number) => {
    n = 0;
    await run(`select count(*) as n from orders where user_id = ${p()}`, [userId]);
    n = 0;
    const rows = await run(
      `select ${columns} ${from} where o.user_id = ${p()} order by o.id desc limit ${p()} offset ${p()}`,
      [userId, perPage, (number - 1) * perPage],
    );
    n = 0;
    const ids = rows.map((r) => r.id);
    await run(
      `select order_id, title, quantity, total, options from order_lines where order_id in (${ids.map(p).join(', ')}) order by order_id, position`,
      ids,
    );
  };
  const pages = Math.ceil(mine / perPage);
  for (const number of [1, Math.floor(pages / 2), pages]) {
    await measure(`page ${number}, by position (now)`, () => byPosition(number));
    await measure(`page ${number}, count(*) + OFFSET (before)`, () => byOffset(number));
  }
  n = 0;
  const [oldest] = await run(
    `select id from orders where user_id = ${p()} order by id limit 1 offset ${p()}`,
    [userId, perPage],
  );
  // The cursor is the order just above the last page; the page is the positions below its own.
  await measure(`last page by cursor (now)`, () =>
    repository.historyPage({ userId, perPage, before: oldest.id }),
  );
  // The day list of a year ago as the console reads it (decision 058): one query, a row per
  // order, newest first, at most STAFF_LIST_LIMIT.
  const consoleRepository = createConsoleRepository(handle.db);
  const [, dayStart, dayEnd] = yearAgoRange(branchId);
  await measure(`day list a year ago (one query)`, () =>
    consoleRepository.dayOrders(branchId, dayStart, dayEnd, dayList),
  );
  await handle.db.destroy();
}

/** A branch and the chain day 364 days before today, as the day list's query takes them. */
function yearAgoRange(branchId) {
  const { start, end } = chainDayRange(addDays(chainToday(new Date(now)), -364));
  return [branchId, start.toISOString(), end.toISOString()];
}

/**
 * The SQL the orders repository sends, captured by running it on a Kysely of this dialect that
 * reaches no database (every query answers no rows).
 */
function capturingRepository(dialect) {
  const sqlite = dialect === 'sqlite';
  const captured = [];
  const db = new Kysely({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) =>
        sqlite ? new SqliteIntrospector(kysely) : new PostgresIntrospector(kysely),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  return {
    repository: ordersReadsOf({ db, dialect }),
    consoleRepository: createConsoleRepository(db),
    captured,
  };
}

/** The plans of the lists' queries, as the repository writes them. */
async function explainAll(explain, dialect, userId, branchId, at) {
  const { repository, consoleRepository, captured } = capturingRepository(dialect);
  const iso = (ms) => new Date(ms).toISOString();
  const plan = async (label, call) => {
    captured.length = 0;
    await call();
    for (const query of captured) await explain(label, query.sql, query.parameters);
  };
  await plan('history by page', () =>
    repository.historyPage({ userId, perPage: 10, skip: 50_000 }),
  );
  await plan('history by cursor', () =>
    repository.historyPage({ userId, perPage: 10, before: 500_000 }),
  );
  await plan('board', () =>
    repository.openOrderIds(branchId, OPEN_ORDER_STATUSES, STAFF_LIST_LIMIT),
  );
  await plan('day list', () =>
    consoleRepository.dayOrders(branchId, iso(at - day), iso(at), dayList),
  );
  const [, from, to] = yearAgoRange(branchId);
  await plan('day list a year ago', () => consoleRepository.dayOrders(branchId, from, to, dayList));
}

// ---------------------------------------------------------------------------------------------
// The requests.
// ---------------------------------------------------------------------------------------------
stop = await startServer();
const stopUncached = await startServer(port + 1, { SESSION_CACHE_ENTRIES: '0' });
// The orders were written straight into the tables, every one logged for Informes: the timing
// starts once the servers have folded them, as a chain's database is (change-log.mjs).
console.log(
  `  Informes folded the written orders in ${await changesFolded(databaseUrl, 600_000)} s`,
);
const get = async (path, token, at = base) => {
  const res = await fetch(`${at}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
async function time(path, token) {
  const samples = [];
  let answer;
  for (let i = 0; i < repeat + 5; i++) {
    const t0 = performance.now();
    answer = await get(path, token);
    if (i >= 5) samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return {
    p50: samples[Math.floor(samples.length / 2)],
    p99: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))],
    answer,
  };
}

const perPage = 10;
const pages = Math.ceil(mine / perPage);
const rows = [];
const report = (label, { p50, p99, answer }) => {
  const shown = Array.isArray(answer.results) ? answer.results.length : 0;
  rows.push({
    request: label,
    'p50 ms': Number(p50.toFixed(2)),
    'p99 ms': Number(p99.toFixed(2)),
    rows: shown,
    // The answer's size as JSON, before compression.
    KB: Number((Buffer.byteLength(JSON.stringify(answer)) / 1024).toFixed(1)),
  });
};
const customerToken = customer.access_token;
const branchId = (await get('/api/branch-office', admin.access_token)).results[0].id;
const chainDay = (ms) => new Date(ms - 5 * 3_600_000).toISOString().slice(0, 10);
// A warm server, as a chain's is: without this pass the first requests timed (the baseline and
// history page 1) ran before V8 had compiled their paths, 1.5 ms slower than the same request
// timed at the end of the run.
for (let i = 0; i < warmUp; i++) {
  await get('/api/me', customerToken);
  await get(`/api/cart-history?page=${1 + (i % pages)}&per_page=${perPage}`, customerToken);
  await get(`/api/staff/orders?branch_id=${branchId}&scope=open`, admin.access_token);
  await get(
    `/api/staff/branches/${branchId}/orders?date=${chainDay(now - (i % 365) * day)}`,
    admin.access_token,
  );
}
// Calibration: the customer's own account, one indexed row, through the same auth and HTTP path.
report('baseline: GET /api/me', await time('/api/me', customerToken));
report(`history page 1`, await time(`/api/cart-history?page=1&per_page=${perPage}`, customerToken));
const middle = await time(
  `/api/cart-history?page=${Math.floor(pages / 2)}&per_page=${perPage}`,
  customerToken,
);
report(`history page ${Math.floor(pages / 2)}`, middle);
report(
  `history page ${pages} (last)`,
  await time(`/api/cart-history?page=${pages}&per_page=${perPage}`, customerToken),
);
report(
  `history by cursor, middle`,
  await time(
    `/api/cart-history?page=${Math.floor(pages / 2) + 1}&per_page=${perPage}&before=${middle.answer.next}`,
    customerToken,
  ),
);
const oldest = (await get(`/api/cart-history?page=${pages - 1}&per_page=${perPage}`, customerToken))
  .next;
report(
  `history by cursor, last`,
  await time(`/api/cart-history?page=${pages}&per_page=${perPage}&before=${oldest}`, customerToken),
);
report(
  'staff board (open orders)',
  await time(`/api/staff/orders?branch_id=${branchId}&scope=open`, admin.access_token),
);
report(
  'staff day list, today',
  await time(`/api/staff/branches/${branchId}/orders?date=${chainDay(now)}`, admin.access_token),
);
report(
  'staff day list, a year ago',
  await time(
    `/api/staff/branches/${branchId}/orders?date=${chainDay(now - 364 * day)}`,
    admin.access_token,
  ),
);
report(
  'staff day list, today, search "frecuente"',
  await time(
    `/api/staff/branches/${branchId}/orders?date=${chainDay(now)}&q=frecuente`,
    admin.access_token,
  ),
);
// Last, once the database has settled after the bulk write (autovacuum, a cold cache).
const sessionRows = await sessionShare(customerToken);
await stop();
await stopUncached();
await database.drop();

console.log(
  `database: ${postgres ? 'PostgreSQL' : 'SQLite'}; ${total.toLocaleString('en')} orders, ${mine.toLocaleString('en')} of one customer; ${repeat} requests each, one at a time`,
);
console.log('The database alone (one connection in this process):');
console.table(queryRows);
console.log('Over HTTP:');
console.table(rows);
console.log(
  `The session's share: ${rounds} rounds, each request to the server with its session cache and to the one without it in turn (p50 ms; median of the rounds, then each round):`,
);
console.table(sessionRows);
for (const [label, plan] of plans) console.log(`\n${label}:\n${plan}`);
console.log("\nGoals: history page 1 in ≤ 4 ms, a day's list a year back in ≤ 10 ms.");
const goals = {
  'history page 1': ['≤ 4 ms', 4],
  'staff day list, a year ago': ['≤ 10 ms', 10],
};
for (const row of rows) {
  const [goal, limit] = goals[row.request] ?? [null, null];
  record.figure(`${row.request}: p50 over HTTP`, row['p50 ms'], 'ms', {
    goal,
    met: limit === null ? null : row['p50 ms'] <= limit,
  });
}
for (const row of sessionRows) {
  const goal = row.request === 'session work per request (GET /api/me − GET /healthz)';
  record.figure(`${row.request}: with the session cache, p50 over HTTP`, row.cached, 'ms', {
    goal: goal ? '≤ 0.5 ms' : null,
    met: goal ? row.cached <= 0.5 : null,
  });
  record.figure(`${row.request}: without the session cache, p50 over HTTP`, row.uncached, 'ms');
}
record.finish();
process.exit(0);

/**
 * `/healthz` (no session), `/api/me` (the session and nothing else) and history page 1, each sent
 * to the server with its session cache and to the one without it in turn, one request at a time,
 * in `rounds` rounds: the p50 of each, as the median of the rounds and each round's. The session
 * work is `/api/me` less `/healthz`: the same HTTP round trip without the session.
 */
async function sessionShare(token) {
  const paths = {
    'GET /healthz (no session)': '/healthz',
    'GET /api/me': '/api/me',
    'history page 1': `/api/cart-history?page=1&per_page=${perPage}`,
  };
  const p50s = Object.fromEntries(
    Object.keys(paths).map((label) => [label, { cached: [], uncached: [] }]),
  );
  for (let round = 0; round < rounds; round++) {
    const samples = Object.fromEntries(
      Object.keys(paths).map((label) => [label, { cached: [], uncached: [] }]),
    );
    for (let i = 0; i < repeat + 5; i++) {
      for (const [label, path] of Object.entries(paths)) {
        for (const [variant, at] of [
          ['cached', base],
          ['uncached', uncachedBase],
        ]) {
          const t0 = performance.now();
          await get(path, token, at);
          if (i >= 5) samples[label][variant].push(performance.now() - t0);
        }
      }
    }
    for (const label of Object.keys(paths))
      for (const variant of ['cached', 'uncached'])
        p50s[label][variant].push(median(samples[label][variant]));
  }
  const row = (request, cached, uncached) => ({
    request,
    cached: Number(median(cached).toFixed(3)),
    uncached: Number(median(uncached).toFixed(3)),
    'cached, each round': cached.map((v) => v.toFixed(2)).join(' · '),
    'uncached, each round': uncached.map((v) => v.toFixed(2)).join(' · '),
  });
  const minus = (a, b) => a.map((v, i) => v - b[i]);
  const me = p50s['GET /api/me'];
  const health = p50s['GET /healthz (no session)'];
  return [
    ...Object.entries(p50s).map(([label, { cached, uncached }]) => row(label, cached, uncached)),
    row(
      'session work per request (GET /api/me − GET /healthz)',
      minus(me.cached, health.cached),
      minus(me.uncached, health.uncached),
    ),
  ];
}
