import { defineConfig } from 'vitest/config';

// The server suite runs twice: on an SQLite file and, when TEST_DATABASE_URL is set (always in
// CI), on PostgreSQL. Each test file builds its own database (see apps/server/test/helpers).
const postgresUrl = process.env.TEST_DATABASE_URL;

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
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          passWithNoTests: true,
        },
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
      },
      // The two-node test needs PostgreSQL and Redis: it runs in the PostgreSQL project.
      serverProject('server-sqlite', { COMANDA_TEST_DB: 'sqlite' }, ['test/two-nodes.test.ts']),
      ...(postgresUrl
        ? [
            serverProject(
              'server-postgres',
              {
                COMANDA_TEST_DB: 'postgres',
                TEST_DATABASE_URL: postgresUrl,
                ...(process.env.TEST_REDIS_URL
                  ? { TEST_REDIS_URL: process.env.TEST_REDIS_URL }
                  : {}),
              },
              // The process lifecycle does not depend on the database, and the orders' writer
              // thread is SQLite's alone: they run once, on SQLite.
              ['test/server-process.test.ts', 'test/modules/orders/writer-thread.test.ts'],
            ),
          ]
        : []),
    ],
  },
});
