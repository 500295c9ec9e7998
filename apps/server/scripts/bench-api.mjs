// `npm run bench:api`: how close the catalogue API gets to the machine's ceiling.
// Starts the built server as `npm start` runs it (its default logging included) on a fresh SQLite
// demo database, and a bare node:http server that answers the very same bytes and headers, each
// in its own process; loads each with autocannon, itself in a process of its own, on both paths a
// client takes (no compression, and brotli as browsers ask for it); the ceiling runs with the
// server's Node flags. Prints req/s, latency p50/p99, the ratio to the ceiling and the server's
// event-loop delay. A benchmark, not a test.
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_ROUNDS=3 BENCH_WARMUP=3 npm run bench:api
//   BENCH_API_PORT=3210 BENCH_CEILING_PORT=3211   (ports)
//   BENCH_LOG_LEVEL=warn   (run the server with another LOG_LEVEL than its default, to compare)
//   BENCH_ROUTES=category,product   (some of the routes only, in that order; default every public
//   catalogue route and the four server-rendered first screens: /, /menu, a category and a product)
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
import { buildIfStale } from '../../../scripts/lib/build.mjs';
import { SERVER_NODE_FLAGS } from '../../../scripts/lib/server-command.mjs';
import {
  autocannon,
  eventLoopDelay,
  longestGc,
  median,
  startProcess,
  startServer,
  waitFor,
} from './lib/bench-kit.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** Seconds of unmeasured load first, so that neither server is measured while it compiles. */
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const apiPort = Number(process.env.BENCH_API_PORT ?? 3210);
const ceilingPort = Number(process.env.BENCH_CEILING_PORT ?? 3211);
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

buildIfStale({ quiet: true });

const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-api-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const server = startServer({
  env: {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATABASE_URL: join(dir, 'bench.db'),
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  },
  logFile: true,
});
const base = `http://127.0.0.1:${apiPort}`;
await waitFor(`${base}/readyz`);

// Pick a real branch, category and product of the demo chain.
const branch = (await (await fetch(`${base}/api/branch-office`)).json()).results[0];
const category = (await (await fetch(`${base}/api/category-client`)).json()).results[0];
const categoryPath = `/api/category/${category.slug}/${branch.id}`;
const product = (await (await fetch(`${base}${categoryPath}`)).json()).results.products[0];
const productPath = `/api/products/${product.slug}/${branch.id}`;
/**
 * Every public catalogue answer the storefront reads, and the server-rendered first screens (for
 * a visitor without a branch: the chain's menu). BENCH_ROUTES=category,menu-page picks some.
 */
const ALL_ROUTES = [
  ['category', categoryPath],
  ['product', productPath],
  ['branch-office', '/api/branch-office'],
  ['category-client', '/api/category-client'],
  ['banner', '/api/banner'],
  ['payment-types', '/api/cart-type-payment'],
  ['social-links', '/api/social-links'],
  ['parameters', '/api/parameters-segment/survey'],
  ['coupon', `/api/coupon-branch/${branch.id}`],
  ['chain-category', `/api/menu/category/${category.slug}`],
  ['chain-product', `/api/menu/products/${product.slug}`],
  ['home-page', '/'],
  ['menu-page', '/menu'],
  ['category-page', `/category/${category.slug}`],
  ['product-page', `/producto/${product.slug}`],
];
// In the order given: a route measured early and late tells the process's drift from the route's.
const picked = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
const ROUTES = picked
  ? picked.map((label) => {
      const found = ALL_ROUTES.find(([name]) => name === label);
      if (!found) throw new Error(`BENCH_ROUTES: no route named ${label}`);
      return found;
    })
  : ALL_ROUTES;

/** The raw answer (bytes on the wire, every header) for one request, undecoded. */
function raw(path, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

// The ceiling answers the very bytes Comanda sent, with every header it sent, choosing between
// the plain and the brotli answer as Comanda does (on Accept-Encoding), and nothing else.
const routes = {};
const sizes = {};
for (const [, path] of ROUTES) {
  routes[path] = {};
  for (const [variant, acceptEncoding] of [
    ['identity', undefined],
    ['br', BROWSER_ACCEPT_ENCODING],
  ]) {
    const res = await raw(path, acceptEncoding);
    // A route measured on a refusal or a miss would measure Fastify's error path, not its answer.
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const headers = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
        headers[name] = value;
    }
    // A small answer (below the compression threshold) is sent as it is to every client.
    if (variant === 'br' && headers['content-encoding'] && headers['content-encoding'] !== 'br')
      throw new Error(`${path} answered ${headers['content-encoding']}, not brotli`);
    if (variant === 'identity' && headers['content-encoding'])
      throw new Error(`${path} compressed without being asked`);
    routes[path][variant] = { headers, body: res.body.toString('base64') };
    sizes[`${path} ${variant}`] = res.body.length;
  }
}
// The answers go to the ceiling in a file: as an argument they pass Linux's 128 KB limit on one
// argument once the rendered pages carry their stylesheets.
const routesFile = join(dir, 'ceiling-routes.json');
writeFileSync(routesFile, JSON.stringify(routes));
const ceilingSource = `
  const routes = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(routesFile)}, 'utf8'));
  for (const r of Object.values(routes)) for (const v of Object.values(r)) v.buffer = Buffer.from(v.body, 'base64');
  require('node:http').createServer((req, res) => {
    const r = routes[req.url];
    if (!r) { res.writeHead(404); return res.end(); }
    const v = /\\bbr\\b/.test(req.headers['accept-encoding'] ?? '') ? r.br : r.identity;
    res.writeHead(200, v.headers); res.end(v.buffer);
  }).listen(${ceilingPort}, '127.0.0.1');
`;
// The same probe as the server's, for its CPU time, and the same Node flags: a runtime setting
// that changes what a request costs (decision 060) must not be on one side only.
const ceiling = startProcess(
  [
    ...SERVER_NODE_FLAGS,
    '--import',
    join(dirname(fileURLToPath(import.meta.url)), 'lib/event-loop-delay.mjs'),
    '-e',
    ceilingSource,
  ],
  { ipc: true },
);
await waitFor(`http://127.0.0.1:${ceilingPort}${ROUTES[0][1]}`);
// Same bytes both ways, headers and all (but Date).
for (const [, path] of ROUTES) {
  for (const acceptEncoding of [undefined, BROWSER_ACCEPT_ENCODING]) {
    const a = await raw(path, acceptEncoding);
    const b = await new Promise((resolve, reject) =>
      http
        .get(
          `http://127.0.0.1:${ceilingPort}${path}`,
          { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        )
        .on('error', reject),
    );
    if (!a.body.equals(b.body)) throw new Error(`ceiling and Comanda differ on ${path}`);
  }
}

const load = (url, acceptEncoding) =>
  autocannon({
    url,
    connections,
    duration,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

const record = benchRecord('api', { parameters: { connections, duration, rounds } });
console.log(
  `${connections} connections, ${duration} s per run, ${rounds} alternating rounds, medians shown; ` +
    `server LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'default'}\n`,
);
const rows = [];
const eldRows = [];
const linesBefore = server.logLines();
let requestsServed = 0;
for (const [label, path] of ROUTES) {
  for (const [variant, acceptEncoding] of [
    ['identity', undefined],
    ['br', BROWSER_ACCEPT_ENCODING],
  ]) {
    const api = [];
    const ceilingRuns = [];
    const eld = [];
    const cpuPerRequest = { api: [], ceiling: [] };
    if (warmup > 0) {
      await autocannon({
        url: `http://127.0.0.1:${ceilingPort}${path}`,
        connections,
        duration: warmup,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      await autocannon({
        url: `${base}${path}`,
        connections,
        duration: warmup,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    }
    // Alternate so that noise from a shared machine hits both sides alike.
    for (let round = 0; round < rounds; round++) {
      await eventLoopDelay(ceiling);
      const bare = await load(`http://127.0.0.1:${ceilingPort}${path}`, acceptEncoding);
      cpuPerRequest.ceiling.push(
        ((await eventLoopDelay(ceiling)).cpuMs * 1000) / bare.requests.total,
      );
      ceilingRuns.push(bare);
      await eventLoopDelay(server); // forget the idle time before the run
      const result = await load(`${base}${path}`, acceptEncoding);
      const loop = await eventLoopDelay(server);
      cpuPerRequest.api.push((loop.cpuMs * 1000) / result.requests.total);
      eld.push(loop);
      api.push(result);
      requestsServed += result.requests.total;
    }
    const name = `${label} ${variant}`;
    for (const [server, runs, cpu] of [
      ['node:http ceiling', ceilingRuns, cpuPerRequest.ceiling],
      ['Comanda', api, cpuPerRequest.api],
    ]) {
      rows.push({
        endpoint: name,
        server,
        'req/s': Math.round(median(runs.map((r) => r.requests.average))),
        'p50 ms': median(runs.map((r) => r.latency.p50)),
        'p99 ms': median(runs.map((r) => r.latency.p99)),
        'CPU µs/req': Math.round(median(cpu)),
        errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
      });
    }
    const ratio =
      median(api.map((r) => r.requests.average)) /
      median(ceilingRuns.map((r) => r.requests.average));
    const p99Ratio =
      median(api.map((r) => r.latency.p99)) / median(ceilingRuns.map((r) => r.latency.p99));
    const cpuRatio = median(cpuPerRequest.ceiling) / median(cpuPerRequest.api);
    const ofCeiling = { goal: '≥ 85 %' };
    record.figure(`${name}: req/s of the ceiling's`, ratio * 100, '%', {
      ...ofCeiling,
      met: ratio >= 0.85,
    });
    record.figure(`${name}: CPU per request, the ceiling's over Comanda's`, cpuRatio * 100, '%', {
      ...ofCeiling,
      met: cpuRatio >= 0.85,
    });
    record.figure(`${name}: p99 over the ceiling's`, p99Ratio, '×', {
      goal: '≤ 2×',
      met: p99Ratio <= 2,
    });
    rows.push({
      endpoint: name,
      server: 'Comanda / ceiling',
      'req/s': `${(ratio * 100).toFixed(1)} %`,
      'p50 ms': '',
      'p99 ms': `${p99Ratio.toFixed(2)}×`,
      'CPU µs/req': `${(cpuRatio * 100).toFixed(1)} %`,
      errors: '',
    });
    const loopP99 = median(eld.map((e) => e.p99));
    const loopMax = Math.max(...eld.map((e) => e.max));
    record.figure(`${name}: event-loop delay p99`, loopP99, 'ms', {
      goal: '≤ 10 ms',
      met: loopP99 <= 10,
    });
    record.figure(`${name}: event-loop delay max`, loopMax, 'ms', {
      goal: '≤ 30 ms',
      met: loopMax <= 30,
    });
    eldRows.push({
      endpoint: name,
      'loop delay p50 ms': median(eld.map((e) => e.p50)),
      'p99 ms (median of runs)': median(eld.map((e) => e.p99)),
      'max ms (worst run)': Math.max(...eld.map((e) => e.max)),
      'longest GC pause': longestGc(eld),
    });
  }
}
console.table(rows);
console.log(
  'Comanda event-loop delay under load (perf_hooks.monitorEventLoopDelay, 1 ms resolution), and the longest garbage-collection pause of the runs (a PerformanceObserver on gc):',
);
console.table(eldRows);
const logLines = server.logLines() - linesBefore;
console.log(
  `Bytes per answer: ${Object.entries(sizes)
    .map(([k, v]) => `${k} ${v} B`)
    .join(', ')}`,
);
console.log(`Server log: ${logLines} lines for ${requestsServed} requests under load.`);
console.log(
  'Goals: ≥ 85 % of the ceiling, p99 ≤ 2× the ceiling’s; event-loop delay p99 ≤ 10 ms, max ≤ 30 ms. ' +
    'The ratio row’s CPU figure is the ceiling’s CPU per request over Comanda’s (what req/s would be if CPU were the only limit).',
);
record.finish();
process.exit(0);
