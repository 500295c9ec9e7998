import { defineConfig } from 'vitest/config';

// The server suite runs twice: on an SQLite file and, when TEST_DATABASE_URL is set (always in
// CI), on PostgreSQL. Each test file builds its own database (see apps/server/test/helpers).
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/**
 * Where the SQLite suite's test apps start their clock (TEST_CLOCK_START, test/helpers/clock.ts):
 * `npm test` sets it a minute before the chain's midnight, and PostgreSQL's stay on the real
 * clock, so one run tests both databases and two hours (decision 100).
 */
const sqliteClockStart = process.env.TEST_CLOCK_START_SQLITE;
/** In-process tests that need a real Redis beside the database. */
const redisTests = [
  'test/system/redis-outage.test.ts',
  'test/system/redis-namespaces.test.ts',
  'test/system/session-cache.test.ts',
  'test/modules/dispatch/three-nodes.test.ts',
];

/**
 * The tests that start the built server as a process of its own (to kill it, restart it, or run
 * two nodes) and wait on it with deadlines. They run after every other file, two at a time (both
 * databases' in one group, either's files), so that a server process never competes for the CPU
 * with two busy in-process workers: on a 2-core machine their deadlines would measure the
 * neighbours, not the server. Alone, one of them keeps the machine about half busy; two side by
 * side take 151–164 s where one at a time took 223 s on the slower 2-core guest (decision 106).
 */
const processTests = [
  'test/system/backup-restore.test.ts',
  'test/system/crash-exactly-once.test.ts',
  'test/system/db-outage.test.ts',
  'test/system/redis-two-nodes.test.ts',
  'test/system/rolling-restart.test.ts',
  'test/system/server-process.test.ts',
  'test/system/two-nodes.test.ts',
  'test/db/crash-during-start.test.ts',
  'test/system/previous-release.test.ts',
];

const serverProject = (
  name: string,
  env: Record<string, string>,
  include: string[],
  exclude: string[],
  processes = false,
) => ({
  extends: true as const,
  test: {
    name,
    root: 'apps/server',
    include,
    exclude,
    env,
    // The seeded database every file copies (test/global-setup.ts); the process tests start
    // the server on empty databases of their own.
    ...(processes ? {} : { globalSetup: ['test/global-setup.ts'] }),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each test file builds its own app and database, and the server keeps no module state a
    // test could leave behind (no mocks, the environment read into a config object, the only
    // module-level caches being pure: a password list, parsed Accept headers). So a worker
    // imports the server once for all its files instead of once per file: the server projects
    // take about 40 % less time (224 s → 129 s for server-sqlite on the 2-core CI machine).
    isolate: false,
    ...(processes ? { maxWorkers: 2, sequence: { groupOrder: 1 } } : {}),
  },
});

/** One database's server suite: the in-process files, then (with the other's) the process tests. */
const serverProjects = (name: string, env: Record<string, string>, exclude: string[]) => [
  serverProject(
    name,
    env,
    ['src/**/*.test.ts', 'test/**/*.test.ts'],
    [...exclude, ...processTests],
  ),
  serverProject(`${name}-processes`, env, processTests, exclude, true),
];

export default defineConfig({
  test: {
    // Two workers on the 2-core CI machine (Vitest's default there is one): most server tests
    // wait on a database or a socket, so two take the in-process files in about two thirds of
    // the time. The process tests run afterwards, alone (processTests).
    maxWorkers: 2,
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
      // The two-node tests need PostgreSQL and Redis: they run in the PostgreSQL projects. The
      // tests of one node with Redis run on SQLite too, where TEST_REDIS_URL is set (always in CI).
      ...serverProjects(
        'server-sqlite',
        {
          COMANDA_TEST_DB: 'sqlite',
          ...(redisUrl ? { TEST_REDIS_URL: redisUrl } : {}),
          ...(sqliteClockStart ? { TEST_CLOCK_START: sqliteClockStart } : {}),
        },
        [
          'test/system/two-nodes.test.ts',
          'test/system/redis-two-nodes.test.ts',
          'test/system/rolling-restart.test.ts',
          // Nodes of two releases taking locks beside a migration: PostgreSQL's alone.
          'test/db/postgres-migration-locks.test.ts',
          ...(redisUrl ? [] : redisTests),
        ],
      ),
      ...(postgresUrl
        ? serverProjects(
            'server-postgres',
            {
              COMANDA_TEST_DB: 'postgres',
              TEST_DATABASE_URL: postgresUrl,
              ...(redisUrl ? { TEST_REDIS_URL: redisUrl } : {}),
            },
            // The process lifecycle does not depend on the database, and SQLite's write lock (which
            // the orders' writer thread and Informes' catch-up take turns on) is SQLite's alone:
            // they run once, on SQLite.
            [
              'test/system/server-process.test.ts',
              'test/modules/orders/writer-thread-sqlite.test.ts',
              'test/modules/insights/sqlite-writer-turns.test.ts',
              'test/db/sqlite-lock-wait.test.ts',
            ],
          )
        : []),
    ],
  },
});
