import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server-process';
import { until } from '../helpers/until';

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

  it('seeds an empty database, serves, and on SIGTERM drains (503 on /readyz, still serving) then stops cleanly', async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATABASE_URL: join(dir, 'process.db'),
      SHUTDOWN_DRAIN_MS: '1500',
    });
    await waitForReady(port);
    const res = await fetch(`http://127.0.0.1:${port}/api/branch-office`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: unknown[] }).results.length).toBeGreaterThanOrEqual(4);
    expect(server.output()).toContain(`http://127.0.0.1:${port}`);
    expect(server.output()).toContain('demo chain seeded (SEED_DEMO default for SQLite)');

    server.child.kill('SIGTERM');
    // The drain (decision 078): the proxy's checks see 503, the node still serves what comes.
    await until(
      '/readyz answers 503 once SIGTERM arrives',
      async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status,
      (status) => status === 503,
      { everyMs: 20 },
    );
    expect((await fetch(`http://127.0.0.1:${port}/api/branch-office`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('draining');
    expect(server.output()).toContain('finishing requests in flight');
  });

  it('refuses to start on an invalid environment, saying which variable is wrong', async () => {
    const server = startServer({ PORT: 'tres mil', DATABASE_URL: join(dir, 'never.db') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(existsSync(join(dir, 'never.db'))).toBe(false);
  });
});

// The storefront's server entry, as the server loads it (apps/server/src/plugins/web).
const ssrEntry = new URL('../../../web/dist/.ssr/entry-server.js', import.meta.url).pathname;

/** The React modules a fresh process loads from node_modules when it renders a page. */
function reactModulesLoaded(env: Record<string, string>) {
  const script = `
    import { createRequire } from 'node:module';
    const entry = await import(${JSON.stringify(ssrEntry)});
    const none = async () => [];
    const catalog = { branches: none, banners: none, categories: none, category: none,
      product: none, chainCategory: none, chainProduct: none, coverage: none };
    await entry.render('/', null, catalog, 'http://localhost', null, 'Comanda').catch(() => null);
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify(loaded.filter((file) => /[\\\\/]react(-dom)?[\\\\/]/.test(file))));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as string[];
}

describe("the storefront's server render", () => {
  // React picks its build by NODE_ENV when it is loaded from node_modules: a server started
  // without NODE_ENV=production rendered every page with its development checks.
  it.each(['development', 'test', ''])(
    "uses React's production build with NODE_ENV=%j",
    (nodeEnv) => {
      expect(existsSync(ssrEntry), 'npm run build makes it').toBe(true);
      const loaded = reactModulesLoaded(nodeEnv ? { NODE_ENV: nodeEnv } : {});
      expect(loaded.filter((file) => /development/.test(file))).toEqual([]);
    },
  );
});
