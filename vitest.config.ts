import { defineConfig } from 'vitest/config';

// The server suite runs twice: on an SQLite file and, when TEST_DATABASE_URL is set (always in
// CI), on PostgreSQL. Each test file builds its own database (see apps/server/test/helpers).
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** In-process tests that need a real Redis beside the database. */
const redisTests = [
  'test/system/redis-outage.test.ts',
  'test/system/redis-namespaces.test.ts',
  'test/system/session-cache.test.ts',
];

const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  extends: true as const,
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude,
    env,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each test file builds its own app and database, and the server keeps no module state a
    // test could leave behind (no mocks, the environment read into a config object, the only
    // module-level caches being pure: a password list, parsed Accept headers). So a worker
    // imports the server once for all its files instead of once per file: the server projects
    // take about 40 % less time (224 s → 129 s for server-sqlite on the 2-core CI machine).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      // The benchmarks' own bookkeeping (which runs the headline table may combine).
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'] } },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          passWithNoTests: true,
        },
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
      },
      // The two-node tests need PostgreSQL and Redis: they run in the PostgreSQL project. The
      // tests of one node with Redis run on SQLite too, where TEST_REDIS_URL is set (always in CI).
      serverProject(
        'server-sqlite',
        { COMANDA_TEST_DB: 'sqlite', ...(redisUrl ? { TEST_REDIS_URL: redisUrl } : {}) },
        [
          'test/system/two-nodes.test.ts',
          'test/system/redis-two-nodes.test.ts',
          ...(redisUrl ? [] : redisTests),
        ],
      ),
      ...(postgresUrl
        ? [
            serverProject(
              'server-postgres',
              {
                COMANDA_TEST_DB: 'postgres',
                TEST_DATABASE_URL: postgresUrl,
                ...(redisUrl ? { TEST_REDIS_URL: redisUrl } : {}),
              },
              // The process lifecycle does not depend on the database, and the orders' writer
              // thread is SQLite's alone: they run once, on SQLite.
              ['test/system/server-process.test.ts', 'test/modules/orders/writer-thread.test.ts'],
            ),
          ]
        : []),
    ],
  },
});
