import { buildApp, type App } from '../../src/app';
import { testConfig, type Config } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/dialect';
import { checkContract } from './contract';
import { openTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh seeded database, for `app.inject`. Every injected answer is checked
 * against the app's OpenAPI document (helpers/contract.ts): a test fails on an answer the
 * document does not describe.
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
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
  });
  await app.ready();
  checkContract(app);
  return {
    app,
    database: handle,
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
