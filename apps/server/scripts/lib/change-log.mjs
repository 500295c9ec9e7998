// Informes' change log (decision 091): a bench that writes orders straight into the database
// leaves every one of them logged, and the server's catch-up folds them once it starts. Timing
// requests meanwhile measures that fold as much as the requests: a chain's database is folded.
// The server's own TypeScript (connect), so the benches that use this run under tsx.
import { connect } from '../../src/db/dialect.ts';

/**
 * Waits until the rollups' change log is empty (the servers' catch-up folded it), at most
 * `limitMs`; answers how long it took, in seconds, with one decimal.
 */
export async function changeLogEmptied(url, limitMs = 120_000) {
  const handle = connect({ url, poolSize: 1 });
  const began = performance.now();
  try {
    for (;;) {
      const row = await handle.db
        .selectFrom('insight_changes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(row.n) === 0 || performance.now() - began > limitMs) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return ((performance.now() - began) / 1000).toFixed(1);
  } finally {
    await handle.db.destroy();
  }
}
