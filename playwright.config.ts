import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import type { WorkerOptions } from './apps/web/e2e/base-test';

// Browser tests drive the system's Chromium (never a downloaded browser) against the built
// server on its own port and a fresh SQLite database seeded with the demo chain. The browser is
// Debian's Chromium headless shell: the same Chromium release (Blink, V8, the network stack)
// without the desktop browser around it, which is what Playwright itself runs headless. On the
// 2-core CI machine the suite ran about 1.7× faster on it than on the full browser
// (decision 062). The shell has no system notifications, so the specs of the customer's ready
// ping run on the full browser. CHROMIUM_PATH and CHROMIUM_FULL_PATH point elsewhere.
function browser(variable: string, path: string, debianPackage: string): string {
  const binary = process.env[variable] ?? path;
  if (!existsSync(binary)) {
    throw new Error(
      `Chromium not found at ${binary}. Install it (Debian/Ubuntu: sudo apt-get install -y ` +
        `${debianPackage}) or point ${variable} at a Chromium or Chrome binary.`,
    );
  }
  return binary;
}
const shell = browser(
  'CHROMIUM_PATH',
  '/usr/bin/chromium-headless-shell',
  'chromium-headless-shell',
);
const full = browser('CHROMIUM_FULL_PATH', '/usr/bin/chromium', 'chromium');
const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
/** The specs that need the desktop browser's system notifications. */
const needsNotifications = /ready-ping\.spec\.ts$/;

// E2E_PORT and WEB_DIST let several runs (and developers) test side by side without sharing
// a server, a database or a storefront build.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const databaseDir = `test-results/e2e-db-${port}`;

export default defineConfig<object, WorkerOptions>({
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
    // The specs' own screenshots, for people to look at: .ci/run sets E2E_SCREENSHOTS=off.
    screenshots: process.env.E2E_SCREENSHOTS !== 'off',
    // The storefront's service worker would answer requests `page.route` never sees (and keep
    // pages between tests): blocked, except in the specs of the offline app (pwa*.spec.ts).
    serviceWorkers: 'block',
    launchOptions: { executablePath: shell, args: launchArgs },
  },
  projects: [
    { name: 'chromium', testIgnore: needsNotifications },
    {
      name: 'chromium-full',
      testMatch: needsNotifications,
      use: { launchOptions: { executablePath: full, args: launchArgs } },
    },
  ],
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
