import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

// Browser tests drive the system's Chromium (never a downloaded browser) against the built
// server on its own port and a fresh SQLite database seeded with the demo chain.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

// E2E_PORT and WEB_DIST let several runs (and developers) test side by side without sharing
// a server, a database or a storefront build.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const databaseDir = `test-results/e2e-db-${port}`;

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results/playwright-artifacts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // Budgets for the 2-vCPU CI machine, where two workers each drive a Chromium beside the
  // server: there an axe scan of the board took up to 14 s and a page navigation 2–4 s, so a
  // 30 s test with a scan, two pages and a dialog ran out of time; and the storefront's own two
  // retries of a failed read (1 s + 2 s, lib/query-client.ts) come before its error shows.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 360, height: 740 },
    // A trace costs about a sixth of the suite's time on the CI machine, whose artifacts nobody
    // opens (it keeps only the printed report): .ci/run sets E2E_TRACE=off.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The storefront's service worker would answer requests `page.route` never sees (and keep
    // pages between tests): blocked, except in the specs of the offline app (pwa*.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: `rm -rf ${databaseDir} && node apps/server/dist/server.js`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `${databaseDir}/comanda.db`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The embedded payment simulator's checkout and every link the server writes start here.
      PUBLIC_URL: baseURL,
      // Every browser test logs in from 127.0.0.1: the per-IP limit is tested in the API suite.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
