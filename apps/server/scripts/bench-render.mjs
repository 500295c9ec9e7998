// `npm run bench:render`: what a server-rendered category page costs the server next to the
// category API answer it is made from (decision 030), in one run against the built server on a
// fresh SQLite database with the demo chain. The server's own CPU time (user + system, read from
// /proc for its process) is divided by the requests it answered, for:
//   - the category API (`GET /api/category/:slug/:branch`, the catalogue's fast path);
//   - the category page as a visitor with that branch gets it (rendered once, then kept);
//   - the category page rendered on every request (each asked at another host name, which is part
//     of the rendered page's key: its canonical URL names it), the cost of a cold cache.
// Requests accept gzip and brotli, as browsers do. It prints figures; architecture.md
// «Performance budgets» states the goal (a rendered category ≤ 3× the API's CPU).
//   BENCH_REQUESTS=2000  BENCH_CONCURRENCY=8  PORT=4160
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
import { buildIfStale } from '../../../scripts/lib/build.mjs';
import { startServer, stopProcess, waitFor } from './lib/bench-kit.mjs';

const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const port = Number(process.env.PORT ?? 4160);
const base = `http://127.0.0.1:${port}`;

buildIfStale({ quiet: true });
const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-render-'));
const server = startServer({
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: join(dir, 'comanda.db'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Production refuses to start without one (decision 075).
    SECRETS_KEY: 'bench: a production start needs a key of its own',
    SEED_DEMO: 'true',
  },
});
await waitFor(`${base}/readyz`);

const ticks = 100; // USER_HZ on Linux
/** The server process's CPU time so far, in milliseconds. */
function cpuMs() {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
/**
 * One GET as a browser sends it; node:http rather than fetch, which does not let a request name
 * another host. Resolves to whether it was a 200 and the bytes received.
 */
const get = (path, headers = {}) =>
  new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      { agent, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } },
      (response) => {
        let size = 0;
        response.on('data', (chunk) => (size += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode, size }));
      },
    );
    request.on('error', reject);
    request.end();
  });

const results = async (path) => (await (await fetch(`${base}${path}`)).json()).results;
const branch = (await results('/api/branch-office'))[0];
const category = (await results('/api/category-client'))[0];
const api = `/api/category/${category.slug}/${branch.id}`;
const page = `/category/${category.slug}`;
const cookie = `comanda_branch=${branch.id}`;

async function measure(label, request) {
  for (let i = 0; i < 50; i++) await request(-1 - i); // warm up (JIT, caches)
  let next = 0;
  let bytes = 0;
  const before = cpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const response = await request(next++);
        if (response.status !== 200) throw new Error(`${label}: HTTP ${response.status}`);
        bytes += response.size;
      }
    }),
  );
  const cpu = cpuMs() - before;
  const wall = performance.now() - started;
  return {
    label,
    cpuPerRequest: cpu / requests,
    perSecond: (requests * 1000) / wall,
    bytes: bytes / requests,
  };
}

const record = benchRecord('render', { parameters: { requests, concurrency } });
const rows = [
  await measure('category API', () => get(api)),
  await measure('category page (kept)', () => get(page, { cookie })),
  await measure('category page (rendered each time)', (i) =>
    get(page, { cookie, host: `h${i}.bench.test:${port}` }),
  ),
];
agent.destroy();
await stopProcess(server);

console.log(
  `\n${requests} requests each, ${concurrency} at a time; ${category.title} at ${branch.title}\n`,
);
console.log(
  `${'what'.padEnd(36)}${'CPU/request'.padStart(14)}${'req/s'.padStart(10)}${'wire bytes'.padStart(12)}${'× API'.padStart(8)}`,
);
for (const row of rows) {
  console.log(
    `${row.label.padEnd(36)}${`${row.cpuPerRequest.toFixed(3)} ms`.padStart(14)}${row.perSecond.toFixed(0).padStart(10)}` +
      `${row.bytes.toFixed(0).padStart(12)}${(row.cpuPerRequest / rows[0].cpuPerRequest).toFixed(1).padStart(8)}`,
  );
}
console.log('');
const [apiRow, keptRow, renderedRow] = rows;
record.figure('category API: CPU per request', apiRow.cpuPerRequest, 'ms');
record.figure(
  'category page as kept: CPU per request over the API’s',
  keptRow.cpuPerRequest / apiRow.cpuPerRequest,
  '×',
  { goal: '≤ 3×', met: keptRow.cpuPerRequest / apiRow.cpuPerRequest <= 3 },
);
record.figure(
  'category page rendered every time: CPU per request',
  renderedRow.cpuPerRequest,
  'ms',
);
record.finish();
