// `npm run bench:api`: how close the catalogue API gets to the machine's ceiling.
// Starts the built server (fresh SQLite demo database) and a bare node:http server that answers
// the very same bytes and headers, in separate processes, then loads each with autocannon and
// prints req/s, latency p50/p99 and the ratio to the ceiling. A benchmark, not a test.
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50 npm run bench:api
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, root } from '../../../scripts/lib/build.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const apiPort = 3210;
const ceilingPort = 3211;

buildIfStale({ quiet: true });

const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-'));
const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

function start(args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

start([join(root, 'apps/server/dist/server.js')], {
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  DATABASE_URL: join(dir, 'bench.db'),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  SEED_DEMO: 'true',
});
await waitFor(`http://127.0.0.1:${apiPort}/readyz`);

// Pick a real branch, category and product of the demo chain.
const base = `http://127.0.0.1:${apiPort}`;
const branch = (await (await fetch(`${base}/api/branch-office`)).json()).results[0];
const category = (await (await fetch(`${base}/api/category-client`)).json()).results[0];
const categoryPath = `/api/category/${category.slug}/${branch.id}`;
const product = (await (await fetch(`${base}${categoryPath}`)).json()).results.products[0];
const productPath = `/api/products/${product.slug}/${branch.id}`;

// The ceiling answers the same bytes with the same headers, with nothing else to do.
const routes = {};
for (const path of [categoryPath, productPath]) {
  const res = await fetch(`${base}${path}`);
  // Every header Comanda sends, so both servers write the same bytes.
  const headers = {};
  for (const [name, value] of res.headers) {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value;
  }
  routes[path] = { headers, body: await res.text() };
}
const ceilingSource = `
  const routes = ${JSON.stringify(routes)};
  for (const r of Object.values(routes)) { r.buffer = Buffer.from(r.body); r.headers['content-length'] = r.buffer.length; }
  require('node:http').createServer((req, res) => {
    const r = routes[req.url];
    if (!r) { res.writeHead(404); return res.end(); }
    res.writeHead(200, r.headers); res.end(r.buffer);
  }).listen(${ceilingPort}, '127.0.0.1');
`;
start(['-e', ceilingSource], {});
await waitFor(`http://127.0.0.1:${ceilingPort}${categoryPath}`);

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

console.log(`Comanda bench:api — ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Node ${process.version}`);
console.log(`${connections} connections, ${duration} s per run, ${rounds} alternating rounds, medians shown\n`);
const rows = [];
for (const [label, path] of [
  ['category', categoryPath],
  ['product', productPath],
]) {
  const api = [];
  const ceiling = [];
  // Alternate so that noise from a shared machine hits both sides alike.
  for (let round = 0; round < rounds; round++) {
    ceiling.push(await load(`http://127.0.0.1:${ceilingPort}${path}`));
    api.push(await load(`${base}${path}`));
  }
  for (const [name, runs] of [
    ['node:http ceiling', ceiling],
    ['Comanda (Fastify)', api],
  ]) {
    const errors = runs.reduce((n, r) => n + r.errors + r.non2xx, 0);
    rows.push({
      endpoint: `${label} ${path}`,
      server: name,
      'req/s': Math.round(median(runs.map((r) => r.requests.average))),
      'p50 ms': median(runs.map((r) => r.latency.p50)),
      'p99 ms': median(runs.map((r) => r.latency.p99)),
      errors,
    });
  }
  const ratio = median(api.map((r) => r.requests.average)) / median(ceiling.map((r) => r.requests.average));
  rows.push({ endpoint: `${label}`, server: 'ratio to ceiling', 'req/s': `${(ratio * 100).toFixed(1)} %`, 'p50 ms': '', 'p99 ms': '', errors: '' });
}
console.table(rows);
console.log(`Body sizes: category ${routes[categoryPath].body.length} B, product ${routes[productPath].body.length} B. Goal: ≥ 80 % of the ceiling.`);
process.exit(0);
