import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server-process';

// The built bundle, as `npm start` runs it (npm test builds it before the suites run).
const serverBundle = new URL('../../dist/server.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'comanda-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverBundle], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForReady(port: number) {
  for (let i = 0; i < 150; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

// vitest.config.ts runs this file on the SQLite project only: the lifecycle does not depend on
// the database, and the bundle reads DATABASE_URL without a test schema.
describe('the server process', () => {
  it('is built', () => {
    expect(existsSync(serverBundle), `${serverBundle} (run npm run build)`).toBe(true);
  });

  it('seeds an empty database, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATABASE_URL: join(dir, 'process.db') });
    await waitForReady(port);
    const res = await fetch(`http://127.0.0.1:${port}/api/branch-office`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: unknown[] }).results.length).toBeGreaterThanOrEqual(4);
    expect(server.output()).toContain(`http://127.0.0.1:${port}`);
    expect(server.output()).toContain('demo chain seeded (SEED_DEMO default for SQLite)');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('finishing requests in flight');
  });

  it('refuses to start on an invalid environment, saying which variable is wrong', async () => {
    const server = startServer({ PORT: 'tres mil', DATABASE_URL: join(dir, 'never.db') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(existsSync(join(dir, 'never.db'))).toBe(false);
  });
});
