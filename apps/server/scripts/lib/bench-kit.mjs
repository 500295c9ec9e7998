// What the bench:* scripts share: starting the built server as `npm start` runs it, waiting for
// it, reading its event-loop delay, and running autocannon in a process of its own so that the
// load generator never shares an event loop with the conductor or the server.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from '../../../../scripts/lib/build.mjs';
import { serverArgs } from '../../../../scripts/lib/server-command.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

export function startProcess(args, { env = {}, stdout = 'ignore', cwd = root, ipc = false } = {}) {
  const stdio = ['ignore', stdout, 'inherit', ...(ipc ? ['ipc'] : [])];
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function waitFor(url, tries = 600) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * The built server as `npm start` runs it (node with the server's flags, dist/server.js, the
 * environment's defaults, its own log going to a file as a process manager would keep it), plus
 * the event-loop probe.
 * `env` adds the port, the database and anything else the caller must set.
 */
export function startServer({ env, logFile }) {
  const stdout = logFile ? 'pipe' : 'ignore';
  const child = startProcess(serverArgs(['--import', join(here, 'event-loop-delay.mjs')]), {
    env,
    stdout,
    ipc: true,
  });
  if (logFile) {
    let lines = 0;
    child.stdout.on('data', (chunk) => {
      for (const byte of chunk) if (byte === 10) lines++;
    });
    child.logLines = () => lines;
  }
  return child;
}

/**
 * Asks the probe preloaded into `server` (event-loop-delay.mjs) `question` and resolves to the
 * field `answer` of its reply.
 */
function askProbe(server, question, answer, what, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not report its ${what}`)),
      timeoutMs,
    );
    const onMessage = (message) => {
      if (!message?.[answer]) return;
      clearTimeout(timer);
      server.off('message', onMessage);
      resolve(message[answer]);
    };
    server.on('message', onMessage);
    server.send(question);
  });
}

/** A probed process's memory after a full collection: { rssMb, heapUsedMb }. */
export const memoryAfterGc = (server) => askProbe(server, 'memory', 'memory', 'memory', 10000);

/** What a probed process's event loop went through since the previous call, and its CPU time (see event-loop-delay.mjs). */
export const eventLoopDelay = (server) =>
  askProbe(server, 'event-loop-delay', 'eventLoopDelay', 'event-loop delay', 5000);

/**
 * The longest garbage-collection pause among some `eventLoopDelay` reports, with its kind, as
 * printed beside a loop max: a stall it explains is V8's, not the code's.
 */
export function longestGc(reports) {
  const worst = reports.reduce((a, b) => (b.gcMaxMs > a.gcMaxMs ? b : a));
  return worst.gcMaxKind ? `${worst.gcMaxMs} ms (${worst.gcMaxKind})` : 'none';
}

/** autocannon in its own process; answers its JSON result. */
export function autocannon({ url, connections, duration, headers = {}, extra = [] }) {
  const bin = require.resolve('autocannon/autocannon.js');
  const args = [bin, '-j', '-c', String(connections), '-d', String(duration), ...extra];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      children.delete(child);
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out.slice(0, 200)} ${err.slice(0, 200)}`));
      }
    });
  });
}

/** Whether this run's DATABASE_URL names a PostgreSQL server (else the bench uses SQLite). */
export const onPostgres = () => process.env.DATABASE_URL?.startsWith('postgres') ?? false;

/**
 * A database of the bench's own: an SQLite file in a temporary folder, or, when DATABASE_URL
 * names a PostgreSQL server, a new database there. `drop` removes either; `pg` is the driver when
 * the bench talks to PostgreSQL itself.
 */
export async function benchDatabase(label) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), `comanda-bench-${label}-`));
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  if (!onPostgres()) {
    return { postgres: false, pg: null, url: join(dir, 'bench.db'), drop: removeDir };
  }
  const pg = (await import('pg')).default;
  const name = `comanda_bench_${label.replace(/\W/g, '_')}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    postgres: true,
    pg,
    url: url.toString(),
    drop: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await removeDir();
    },
  };
}
