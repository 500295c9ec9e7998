// `npm test`: every suite. Unit, API and socket tests (Vitest: SQLite always, PostgreSQL too when
// TEST_DATABASE_URL is set), then the browser tests (Playwright in Chromium against the built
// server). Ends with the ten slowest tests of both (scripts/lib/slowest-tests.mjs) and one
// "N passed, N failed" line over all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, root } from './lib/build.mjs';
import { requireSupportedNode } from './lib/node-version.mjs';
import { beforeChainMidnight } from './lib/chain-midnight.mjs';
import { failedLines, playwrightFailures, vitestFailures } from './lib/failed-tests.mjs';
import { playwrightDurations, slowestLines } from './lib/slowest-tests.mjs';

const results = join(root, 'test-results');
rmSync(join(results, 'vitest.json'), { force: true });
rmSync(join(results, 'playwright.json'), { force: true });
const durations = join(results, 'vitest-durations.json');
rmSync(durations, { force: true });
mkdirSync(results, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const npx = join(root, 'node_modules/.bin');

// The server process tests and the browser tests run the built bundle and storefront.
requireSupportedNode();
buildIfStale();

// The SQLite suite's test apps start their clock a minute before the chain's midnight
// (TEST_CLOCK_START_SQLITE, vitest.config.ts; apps/server/test/helpers/clock.ts) and cross it
// partway; PostgreSQL's run on the real clock. So every server test runs on both databases and
// at two hours, one of them the day's edge: no test may depend on the hour it runs at.
const clockStart = beforeChainMidnight();
console.log(
  `\n── Unit, API and database tests (Vitest; SQLite's clock at ${clockStart}, a minute before the chain's midnight) ──`,
);
const vitestStatus = run(
  join(npx, 'vitest'),
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(results, 'vitest.json')}`,
    '--reporter=./scripts/lib/slowest-tests.mjs',
  ],
  { VITEST_DURATIONS_FILE: durations, TEST_CLOCK_START_SQLITE: clockStart },
);

console.log('\n── Browser tests (Playwright, Chromium) ──');
const playwrightStatus = run(join(npx, 'playwright'), ['test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'playwright.json'),
});

const vitest = readJson(join(results, 'vitest.json'));
const playwright = readJson(join(results, 'playwright.json'));
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

const slowest = slowestLines([...(readJson(durations) ?? []), ...playwrightDurations(playwright)]);
if (slowest.length > 0) console.log(`\nSlowest ${slowest.length} tests:\n${slowest.join('\n')}`);

const failures = failedLines([
  ...vitestFailures(vitest, 'vitest'),
  ...playwrightFailures(playwright),
]);
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.join('\n')}`);

const ok = vitestStatus === 0 && playwrightStatus === 0 && existsSync(join(results, 'vitest.json'));
console.log(`\nVitest exit ${vitestStatus}, Playwright exit ${playwrightStatus}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
