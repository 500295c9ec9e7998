import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, adminUrl, testDialect } from './database';

export { adminQuery, adminUrl };

/**
 * The real server: the built bundle (`npm run build -w @comanda/server`) as `npm start` runs it,
 * in its own process, so a test can kill it with SIGKILL and start it again on the same data.
 */
export const serverBundle = new URL('../../dist/server.js', import.meta.url).pathname;

/** A port nobody listens on right now (the OS picks it); the same port is reused on restart. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * An empty database of its own for a spawned process. The bundle reads only DATABASE_URL, so on
 * PostgreSQL it is a fresh schema in TEST_DATABASE_URL's database, chosen by the URL itself
 * (`options=-c search_path=…`, which any deployment may use too), with the schema's name as
 * `application_name` so a test can find the process's backends in pg_stat_activity.
 */
export interface ProcessDatabase {
  url: string;
  /** The SQLite file, or the PostgreSQL schema (also the backends' application_name). */
  name: string;
  drop(): Promise<void>;
}

/** Ends every backend (or every idle one) a spawned process has open (found by its application_name). */
export async function terminateBackends(
  database: ProcessDatabase,
  { idleOnly = false } = {},
): Promise<number> {
  // Idle only: a connection the server is using right then (a timer's query) fails that query
  // instead of being reported as lost by the pool, so a test counting the pool's reports would
  // wait for one that never comes.
  const { rowCount } = await adminQuery(
    `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1${
      idleOnly ? " and state = 'idle'" : ''
    }`,
    [database.name],
  );
  return rowCount ?? 0;
}

export async function createProcessDatabase(label: string): Promise<ProcessDatabase> {
  if (testDialect === 'postgres') {
    const name = `p_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(`create schema ${name}`);
    const url = new URL(adminUrl());
    url.searchParams.set('options', `-c search_path=${name}`);
    url.searchParams.set('application_name', name);
    const database: ProcessDatabase = {
      url: url.toString(),
      name,
      async drop() {
        await terminateBackends(database);
        await adminQuery(`drop schema if exists ${name} cascade`);
      },
    };
    return database;
  }
  const dir = mkdtempSync(join(tmpdir(), `comanda-${label}-`));
  const file = join(dir, 'comanda.db');
  return { url: file, name: file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const running = new Set<ChildProcess>();

/** Kills whatever a failed or timed-out test left running (for afterAll). */
export function killLeftoverServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
  /** Waits until /readyz answers 200; fails at once if the process exits first. */
  ready(timeoutMs?: number): Promise<void>;
  /** Kills with SIGKILL and waits for the exit. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

export function startServer({
  port,
  databaseUrl,
  env = {},
  bundle = serverBundle,
}: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
  /** Another build of the server: a previous release's (previous-release.ts). */
  bundle?: string;
}): ServerProcess {
  const child = spawn(process.execPath, [bundle], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
      // No proxy checks these nodes: SIGTERM stops at once (the deploy test sets its drain).
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      exitCode = code;
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${port}`;

  const stopWith = async (signal: NodeJS.Signals) => {
    if (exitCode !== undefined) return;
    child.kill(signal);
    await exited;
  };

  return {
    child,
    port,
    base,
    exited,
    output: () => output,
    async ready(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (exitCode !== undefined)
          throw new Error(`the server exited (${exitCode}) before it was ready:\n${output}`);
        try {
          if ((await fetch(`${base}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${output}`);
    },
    crash: () => stopWith('SIGKILL'),
    stop: () => stopWith('SIGTERM'),
  };
}
