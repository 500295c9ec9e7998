import { buildApp, type App } from '../../src/app';
import { testConfig, type Config } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/dialect';
import type { SettableClock } from '../../src/lib/clock';
import { testClock } from './clock';
import { checkContract } from './contract';
import { openTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** The app's clock: move it (`advance`) instead of sleeping through a window. */
  clock: SettableClock;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh seeded database, for `app.inject`. Every injected answer is checked
 * against the app's OpenAPI document (helpers/contract.ts): a test fails on an answer the
 * document does not describe. Its clock starts at TEST_CLOCK_START when set (helpers/clock.ts);
 * two apps meant to be two nodes of one chain share one `clock`.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  clock: SettableClock = testClock(),
): Promise<TestApp> {
  const { handle, target } = await openTestDatabase();
  const app = await buildApp({
    // Suites place many orders as the demo customer; the pace limit has its own test.
    config: testConfig({
      WEB_DIST: '/nonexistent-web-dist',
      ORDER_RATE_LIMIT_PER_MINUTE: 10_000,
      ...overrides,
    }),
    database: handle,
    logger: false,
    clock,
  });
  await app.ready();
  checkContract(app);
  return {
    app,
    database: handle,
    clock,
    async close() {
      await app.close();
      await dropQuietly(target);
    },
  };
}

async function dropQuietly(target: TestDatabase) {
  try {
    await target.drop();
  } catch {
    // A leftover temp schema or file must not fail the suite.
  }
}
