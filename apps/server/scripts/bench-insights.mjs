// `npm run bench:insights`: Informes (decision 069) on two years of a 300-branch chain. A
// benchmark, not a test.
// 1. A fresh database (an SQLite file, or DATABASE_URL=postgres://…: the bench creates and drops
//    its own database there), migrated and seeded by the server's own code, then BENCH_BRANCHES
//    branches (copies of the demo's first), BENCH_PRODUCTS products, BENCH_CUSTOMERS customers and
//    BENCH_ORDERS orders over two years ending now, written set-based (lib/insights-chain.mjs,
//    lib/insights-orders.mjs say what they look like). Prints how long each part took.
// 2. The rollups rebuilt with the insights module's own `rebuild` (what `npm run
//    insights:rebuild` runs), timed.
// 3. The built server started on that database; as the demo's admin, each of the eight chain
//    reports over 30 days, one day and a year compared with the one before, BENCH_REPEAT times
//    one request after another: p50 and p95 (goal: p95 ≤ 300 ms on PostgreSQL, ≤ 1000 ms on
//    SQLite).
// 4. Placement with the rollups kept and without: customers' sockets in load-generator
//    processes place orders back to back for BENCH_SECONDS, against the server with the
//    catch-up timer running and with it off (INSIGHTS_CATCHUP_MS=0), BENCH_ROUNDS rounds
//    alternating which goes first: orders/s and their ratio (goal: ≥ 95 %). A round with the
//    catch-up starts once its server has folded what the round before left (printed).
// Records the run (scripts/lib/bench-record.mjs).
//   (a report still slower than its budget stops after BENCH_REPORT_SECONDS=60 of samples, at
//   least three: the table says how many it took)
//   BENCH_ORDERS=2000000 BENCH_REPEAT=20 BENCH_ROUNDS=3 BENCH_SECONDS=20 npm run bench:insights
//   PORT=3351  BENCH_CLIENTS=40 BENCH_GENERATORS=2  DATABASE_URL=postgres://…/postgres
//   BENCH_KEEP=1 keeps the database and prints it; BENCH_REUSE=<it> times the same data again
//   (parts 3 and 4 only, with the same BENCH_ORDERS and BENCH_BRANCHES; the orders earlier runs
//   placed are closed first, so the branch's kitchen queue starts empty)
import { fileURLToPath } from 'node:url';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
import { buildIfStale } from '../../../scripts/lib/build.mjs';
// The rollups are rebuilt by the module's own function: production TypeScript, so this script
// runs under tsx (npm run bench:insights).
import { connect } from '../src/db/dialect.ts';
import { openDatabase } from '../src/db/open.ts';
import { systemClock } from '../src/lib/clock.ts';
import { rebuild } from '../src/modules/insights/catch-up.ts';
import { readState } from '../src/modules/insights/rollup-repository.ts';
import { benchDatabase, startServer, stopProcess, waitFor } from './lib/bench-kit.mjs';
import { changesFolded } from './lib/change-log.mjs';
import { writeChain } from './lib/insights-chain.mjs';
import { writeOrders } from './lib/insights-orders.mjs';
import { benchOrder, placementGenerator, placementRounds } from './lib/insights-placement.mjs';
import { timeReports } from './lib/insights-reports.mjs';
import { rawConnection } from './lib/insights-sql.mjs';

if (process.argv[2] === 'generator') await placementGenerator();
else await main();

/**
 * The database, and the data's size when it is not the goals' (2 M orders, 300 branches): a
 * smaller run is a variant of its own, never mixed into the figures of the goals' size.
 */
function variantOf(database, { orders, branches }) {
  const name = database.postgres ? 'postgresql' : 'sqlite';
  if (orders === 2_000_000 && branches === 300) return name;
  return `${name}, ${orders.toLocaleString('en-US')} orders, ${branches} branches`;
}

async function main() {
  const settings = {
    orders: Number(process.env.BENCH_ORDERS ?? 2_000_000),
    branches: Number(process.env.BENCH_BRANCHES ?? 300),
    products: Number(process.env.BENCH_PRODUCTS ?? 60),
    customers: Number(process.env.BENCH_CUSTOMERS ?? 200_000),
    repeat: Number(process.env.BENCH_REPEAT ?? 20),
    reportSeconds: Number(process.env.BENCH_REPORT_SECONDS ?? 60),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    seconds: Number(process.env.BENCH_SECONDS ?? 20),
    warmup: Number(process.env.BENCH_WARMUP ?? 3),
    clients: Number(process.env.BENCH_CLIENTS ?? 40),
    generators: Number(process.env.BENCH_GENERATORS ?? 2),
  };
  const port = Number(process.env.PORT ?? 3351);
  const base = `http://127.0.0.1:${port}`;
  buildIfStale({ quiet: true });
  const reused = process.env.BENCH_REUSE;
  const database = reused ? reuseDatabase(reused) : await benchDatabase('insights');
  const record = benchRecord('insights', {
    variant: variantOf(database, settings),
    parameters: { ...settings, ...(reused ? { reused: true } : {}) },
  });
  // A reused database (one a BENCH_KEEP run left) is timed again as it is: its data and rollups
  // are that run's, so the reports can be measured three times without writing 2 M orders thrice.
  const generation = reused ? null : await generate(database, settings);
  const rebuildSeconds = reused ? null : await rebuildRollups(database);

  const serverWith = (env) => async () => {
    const server = startServer({
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // Production refuses to start without one (decision 075).
        SECRETS_KEY: 'bench: a production start needs a key of its own',
        SEED_DEMO: 'true',
        AUTH_RATE_LIMIT_PER_IP: '100000',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
        ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
        ...env,
      },
    });
    await waitFor(`${base}/readyz`);
    return () => stopProcess(server);
  };
  const stop = await serverWith({})();
  const post = async (path, body) =>
    (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const admin = await post('/api/login', {
    email_login: 'admin@comanda.test',
    password_login: 'comanda123',
  });
  console.log(`Timing the eight reports, ${settings.repeat} requests each per period…`);
  const reports = await timeReports(
    base,
    admin.access_token,
    settings.repeat,
    settings.reportSeconds,
  );
  const tokens = [];
  for (let i = 1; i <= settings.clients; i++) {
    const login = await post('/api/login', {
      email_login: `cliente-${i}@bench.test`,
      password_login: 'comanda123',
    });
    tokens.push(login.access_token);
  }
  const order = await benchOrder(async (path) => (await fetch(`${base}${path}`)).json());
  await stop();
  if (reused) await closeEarlierRuns(database, order.branch_office.id);

  console.log(
    `Placing orders for ${settings.seconds} s a round, ${settings.rounds} rounds, ${settings.clients} customers…`,
  );
  const placement = await placementRounds({
    script: fileURLToPath(import.meta.url),
    base,
    tokens,
    order,
    variants: [
      ['catch-up running', serverWith({}), true],
      ['catch-up off', serverWith({ INSIGHTS_CATCHUP_MS: '0' }), false],
    ],
    watermark: () => watermarkOf(database),
    settle: () => changesFolded(database.url),
    ...settings,
  });
  if (process.env.BENCH_KEEP) {
    console.log(`\nThe database is kept: time it again with BENCH_REUSE=${database.url}`);
  } else await database.drop();
  report({ database, settings, generation, rebuildSeconds, reports, placement, record });
  process.exit(0);
}

/** The rollups' watermark, as the insights module reads it (on a connection of its own). */
async function watermarkOf(database) {
  const handle = connect({ url: database.url, poolSize: 1 });
  try {
    return (await readState(handle)).watermark;
  } finally {
    await handle.db.destroy();
  }
}

/**
 * A reused database's earlier runs left their orders unanswered at the bench's branch (millions
 * after a few runs), and placement reads that branch's kitchen queue for its promise: they are
 * closed first, as rejected. Not as sales: every catch-up that folds one of the bench's forty
 * customers reads all of that customer's sales for their first one, and these would be millions.
 * `updated_at` is left alone, so no catch-up folds them again: the rollups keep them as placed,
 * which only the bench's own orders differ on.
 */
async function closeEarlierRuns(database, branchId) {
  const handle = connect({ url: database.url, poolSize: 1 });
  try {
    let closed = 0;
    // 20,000 to a statement, under the connection's statement timeout.
    for (;;) {
      const { numUpdatedRows } = await handle.db
        .updateTable('orders')
        .set({ status: 'rejected' })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('orders')
            .select('id')
            .where('branch_id', '=', branchId)
            .where('status', '=', 'received')
            .limit(20_000),
        )
        .executeTakeFirst();
      closed += Number(numUpdatedRows);
      if (Number(numUpdatedRows) === 0) break;
    }
    console.log(`Closed ${closed} orders earlier runs left unanswered at the branch.`);
  } finally {
    await handle.db.destroy();
  }
}

/** The database migrated and seeded by the server's code, then the chain and its orders. */
async function generate(database, settings) {
  const opened = await openDatabase({ url: database.url, seedDemo: true });
  await opened.db.destroy();
  const started = performance.now();
  const connection = await rawConnection(database.postgres, database.url);
  console.log(
    `Writing ${settings.branches} branches, ${settings.customers.toLocaleString('en')} customers and ${settings.orders.toLocaleString('en')} orders…`,
  );
  const firstCustomer = await writeChain(connection.run, database.postgres, settings);
  const parts = await writeOrders(connection.run, database.postgres, {
    total: settings.orders,
    firstCustomer,
    customers: settings.customers,
    now: Date.now(),
  });
  const [counts] = await connection.run(`select (select count(*) from orders) as orders,
    (select count(*) from order_lines) as lines, (select count(*) from order_status_history) as steps`);
  await connection.close();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  written in ${seconds.toFixed(0)} s: ${Object.entries(counts)
      .map(([k, v]) => `${Number(v).toLocaleString('en')} ${k}`)
      .join(', ')}; ${Object.entries(parts)
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ')}`,
  );
  return { seconds, counts };
}

/**
 * A database a BENCH_KEEP run left (an SQLite file's path or a postgres:// URL), reused as it is;
 * the settings must be the ones it was written with. Never dropped: the next run may reuse it.
 */
function reuseDatabase(url) {
  const postgres = /^postgres(ql)?:\/\//.test(url);
  return { postgres, pg: null, url, drop: async () => {} };
}

/** The insights module's rebuild on a connection of its own, as the command runs it. */
async function rebuildRollups(database) {
  console.log('Rebuilding the rollups…');
  const handle = connect({ url: database.url });
  const started = performance.now();
  const read = await rebuild({ ...handle, clock: systemClock });
  const seconds = (performance.now() - started) / 1000;
  await handle.db.destroy();
  console.log(`  ${read.toLocaleString('en')} orders rolled up in ${seconds.toFixed(1)} s`);
  return seconds;
}

function report({ database, settings, generation, rebuildSeconds, reports, placement, record }) {
  const name = database.postgres ? 'PostgreSQL' : 'SQLite';
  const budget = database.postgres ? 300 : 1000;
  console.log(
    `\ndatabase: ${name}; ${settings.orders.toLocaleString('en')} orders over two years, ${settings.branches} branches, ${settings.customers.toLocaleString('en')} customers`,
  );
  console.log(
    generation
      ? `data written in ${generation.seconds.toFixed(0)} s; rollups rebuilt in ${rebuildSeconds.toFixed(1)} s`
      : 'data and rollups reused from a kept run (BENCH_REUSE)',
  );
  console.log(`The chain reports over HTTP, ${settings.repeat} requests each, one at a time:`);
  console.table(reports);
  const { rates, medians, failures, ignored } = placement;
  const [on, off] = ['catch-up running', 'catch-up off'];
  const ratio = (medians[on] / medians[off]) * 100;
  console.log('Placement, orders/s (median of the rounds, then each round):');
  console.table(
    Object.fromEntries(
      Object.entries(rates).map(([label, values]) => [
        label,
        {
          median: Number(medians[label].toFixed(1)),
          rounds: values.map((v) => v.toFixed(1)).join(' · '),
        },
      ]),
    ),
  );
  console.log(`with the catch-up running: ${ratio.toFixed(1)} % of the orders/s without it`);
  if (failures.length) console.log('placement errors:', failures);
  if (ignored) {
    console.log(
      'THE SERVER IGNORED INSIGHTS_CATCHUP_MS=0: the rollups moved on in the rounds meant without the catch-up, so both variants ran it and the ratio is not the goal’s.',
    );
  }
  console.log(
    `\nGoals: every report's p95 ≤ ${budget} ms on ${name}; placement with the catch-up ≥ 95 % of without.`,
  );

  if (generation) {
    record.figure('data written', generation.seconds, 's');
    record.figure('rollups rebuilt', rebuildSeconds, 's');
  }
  // The goals are the 2 M orders' (variantOf): a smaller run records its figures without them.
  const judged = (goal, met) => (variantOf(database, settings).includes(',') ? {} : { goal, met });
  for (const row of reports) {
    record.figure(`${row.report}, ${row.period}: p50 over HTTP`, row['p50 ms'], 'ms');
    record.figure(
      `${row.report}, ${row.period}: p95 over HTTP (${name})`,
      row['p95 ms'],
      'ms',
      judged(`≤ ${budget} ms`, row['p95 ms'] <= budget),
    );
  }
  record.figure(`placement, ${on}`, medians[on], 'orders/s');
  record.figure(`placement, ${off}`, medians[off], 'orders/s');
  // Without a working switch the ratio compares the catch-up with itself: no goal's figure.
  if (ignored)
    record.figure('placement, both variants with the catch-up (switch ignored)', ratio, '%');
  else
    record.figure(
      'placement with the catch-up of without',
      ratio,
      '%',
      judged('≥ 95 %', ratio >= 95),
    );
  record.finish();
}
