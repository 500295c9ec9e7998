// `npm run bench:deploy`: a deploy at dinner time, counted (decision 078). Three nodes behind
// HAProxy (deploy/, as the chain runs them) on a PostgreSQL database of the bench's own and Redis;
// a load generator in its own process (this script again, argument `generator`) runs customers
// who order through the proxy as the storefront does and two consoles; meanwhile each node in turn
// is restarted as systemd does (SIGTERM, start again). At the end the bench reads the database and
// the proxy's log:
//   orders acknowledged / lost / duplicated (goal: lost and duplicated 0),
//   client-visible errors (goal 0), retries the app absorbed (orders sent again on reconnection),
//   the proxy's 5xx answers (goal 0), orders a console did not show (goal 0),
//   placement p50/p99 (first send → answer) before the restarts and during them.
//   DATABASE_URL=postgres://…/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench:deploy
//   BENCH_PORT=3391 (the proxy; the nodes take the next ports) BENCH_CUSTOMERS=200 BENCH_NODES=3
//   BENCH_THINK_MS=12000-24000 (a customer's pause before each order) BENCH_ORDERS_EACH=2
//   BENCH_WARM_ORDERS=100 (acknowledged before the first restart)
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { alwaysOpenBranch, availableProducts, fetchJson } from '../test/helpers/orders';
import { startCluster, type Cluster } from './deploy/cluster';
import { customerSessions } from './deploy/customers';
import { startLoad, type LoadOptions } from './deploy/storefront-load';
import { recordDeployRun, type DeployFigures, type GeneratorReport } from './deploy/record';

const self = fileURLToPath(import.meta.url);

if (process.argv[2] === 'generator') generator();
else await main();

/** The load generator: customers and consoles until told to stop, then what they saw. */
function generator() {
  let load: ReturnType<typeof startLoad> | undefined;
  let tell: NodeJS.Timeout | undefined;
  process.on('message', (message: { type: string; options?: LoadOptions; phase?: string }) => {
    if (message.type === 'start') {
      load = startLoad(message.options!);
      tell = setInterval(() => {
        const phases: Record<string, number> = {};
        for (const order of load!.acknowledged.values())
          phases[order.phase] = (phases[order.phase] ?? 0) + 1;
        process.send!({ type: 'progress', phases, connected: load!.connected() });
      }, 250);
    } else if (message.type === 'phase') load!.setPhase(message.phase!);
    else if (message.type === 'stop') {
      clearInterval(tell);
      void stopAndReport(load!);
    }
  });
}

async function stopAndReport(load: ReturnType<typeof startLoad>) {
  await load.stop();
  await Promise.all(load.boards.map((board) => board.settled()));
  const acknowledged = [...load.acknowledged.entries()];
  const report: GeneratorReport = {
    acknowledged,
    counts: load.counts,
    visibleErrors: load.visibleErrors,
    notShown: load.boards.map(
      (board) => acknowledged.filter(([, order]) => !board.shows(order.id)).length,
    ),
  };
  process.send!({ type: 'report', report });
  load.close();
  process.disconnect();
}

interface Progress {
  phases: Record<string, number>;
  connected: number;
}

/** Waits for a progress message that satisfies `done`, for at most `timeoutMs`. */
function progressUntil(child: ChildProcess, done: (p: Progress) => boolean, timeoutMs = 120_000) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the load did not get there in time')),
      timeoutMs,
    );
    const listen = (message: { type: string } & Progress) => {
      if (message.type !== 'progress' || !done(message)) return;
      clearTimeout(timer);
      child.off('message', listen);
      resolve();
    };
    child.on('message', listen);
  });
}

function settings() {
  const [least, most] = (process.env.BENCH_THINK_MS ?? '12000-24000').split('-').map(Number);
  const port = Number(process.env.BENCH_PORT ?? 3391);
  const nodes = Number(process.env.BENCH_NODES ?? 3);
  return {
    port,
    nodePorts: Array.from({ length: nodes }, (_, i) => port + 1 + i),
    customers: Number(process.env.BENCH_CUSTOMERS ?? 200),
    consoles: 2,
    thinkMs: [least!, most!] as const,
    warmOrders: Number(process.env.BENCH_WARM_ORDERS ?? 100),
    ordersEach: Number(process.env.BENCH_ORDERS_EACH ?? 2),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

async function main() {
  const s = settings();
  const { benchDatabase, onPostgres } = (await import(
    new URL('../scripts/lib/bench-kit.mjs', import.meta.url).href
  )) as {
    onPostgres: () => boolean;
    benchDatabase: (label: string) => Promise<{ url: string; drop: () => Promise<void> }>;
  };
  if (!onPostgres()) throw new Error('bench:deploy needs DATABASE_URL=postgres://… (and Redis)');
  const database = await benchDatabase('deploy');
  const record = await recordDeployRun({ ...s, thinkMs: s.thinkMs.join('-') });
  const cluster = await startCluster({
    proxyPort: s.port,
    nodePorts: s.nodePorts,
    databaseUrl: database.url,
    redisUrl: s.redisUrl,
    env: { AUTH_RATE_LIMIT_PER_IP: '100000', ORDER_RATE_LIMIT_PER_MINUTE: '10000' },
  });
  const child = fork(self, ['generator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const figures = await run(s, cluster, child, database.url);
    // The proxy's own account of the run (every answer, every node going out and back in).
    const logFile = join(tmpdir(), 'bench-deploy-haproxy.log');
    writeFileSync(logFile, `${cluster.log.join('\n')}\n`);
    console.log(`HAProxy's log: ${logFile}`);
    record(figures);
  } finally {
    child.kill();
    await cluster.stop().catch(() => cluster.kill());
    await database.drop();
  }
}

async function run(
  s: ReturnType<typeof settings>,
  cluster: Cluster,
  child: ChildProcess,
  databaseUrl: string,
): Promise<DeployFigures> {
  const get = fetchJson(cluster.base);
  const branch = await alwaysOpenBranch(get);
  const products = await availableProducts(get, branch.id, 4);
  const customerTokens = await customerSessions(databaseUrl, s.customers, 'deploy');
  const staffTokens = await Promise.all(
    Array.from({ length: s.consoles }, () => consoleLogin(cluster.base)),
  );
  const options: LoadOptions = {
    base: cluster.base,
    customerTokens,
    staffTokens,
    branch,
    products,
    thinkMs: s.thinkMs,
    ordersEach: s.ordersEach,
  };
  child.send({ type: 'start', options });
  console.log(`${s.customers} customers and ${s.consoles} consoles through ${cluster.base}…`);
  await progressUntil(child, (p) => (p.phases.before ?? 0) >= s.warmOrders);
  child.send({ type: 'phase', phase: 'restarts' });
  const restarts = [];
  for (let i = 0; i < s.nodePorts.length; i++) {
    restarts.push(await cluster.restart(i));
    console.log(`node ${i + 1} restarted:`, restarts.at(-1)!.ms);
  }
  child.send({ type: 'phase', phase: 'after' });
  const report = await new Promise<GeneratorReport>((resolve) => {
    child.on('message', (m: { type: string; report: GeneratorReport }) => {
      if (m.type === 'report') resolve(m.report);
    });
    child.send({ type: 'stop' });
  });
  const stored = await storedCounts(
    databaseUrl,
    report.acknowledged.map(([id]) => id),
  );
  const fivexx = cluster.answers().filter((answer) => answer.status >= 500);
  return { report, stored, proxy5xx: fivexx.length, restarts };
}

async function consoleLogin(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_login: 'staff@comanda.test', password_login: 'comanda123' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** How many rows each acknowledged client_order_id has in the database. */
async function storedCounts(databaseUrl: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ client_order_id: string; n: string }>(
      'select client_order_id, count(*) as n from orders where client_order_id = any($1) group by client_order_id',
      [ids],
    );
    return new Map(rows.map((row) => [row.client_order_id, Number(row.n)]));
  } finally {
    await client.end();
  }
}
