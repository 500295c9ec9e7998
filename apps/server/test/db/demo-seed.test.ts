import { describe, expect, it } from 'vitest';
import { demoSeedDecision, loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/open';
import { createEmptyDatabase, testDialect } from '../helpers/database';

/**
 * An empty database of this suite's dialect, opened as a production start would open it, and
 * dropped before the next (Kysely's migrator mistakes another schema's migration table for its own).
 */
async function productionStart(env: Record<string, string> = {}) {
  const target = await createEmptyDatabase();
  try {
    const decision = demoSeedDecision(
      loadConfig({ DATABASE_URL: target.url, NODE_ENV: 'production', ...env }),
    );
    const handle = await openDatabase({
      url: target.url,
      seedDemo: decision.seed,
      ...(target.schema ? { schema: target.schema } : {}),
    });
    const staff = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'staff@comanda.test')
      .executeTakeFirst();
    await handle.db.destroy();
    return { seeded: handle.seeded, staffAccount: staff !== undefined };
  } finally {
    await target.drop();
  }
}

describe(`a first production start on an empty ${testDialect} database`, () => {
  if (testDialect === 'postgres') {
    it('creates no demo accounts by default', async () => {
      expect(await productionStart()).toEqual({ seeded: false, staffAccount: false });
    });
  } else {
    it('seeds the demo chain by default, as `npm start` does', async () => {
      expect(await productionStart()).toEqual({ seeded: true, staffAccount: true });
    });
  }

  it('seeds it when SEED_DEMO=true says so', async () => {
    expect(await productionStart({ SEED_DEMO: 'true' })).toEqual({
      seeded: true,
      staffAccount: true,
    });
  });
});
