import type { TestProject } from 'vitest/node';
import { createSeededTemplate } from './helpers/database';

/**
 * Before a server project's files run: the seeded database they copy (helpers/database.ts,
 * `openTestDatabase`), made on the project's database and dropped after its last file.
 */
export default async function setup(project: TestProject) {
  const env = project.config.env;
  const { template, drop } = await createSeededTemplate(
    env.COMANDA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
    env.TEST_DATABASE_URL,
  );
  project.provide('seededTemplate', template);
  return drop;
}
