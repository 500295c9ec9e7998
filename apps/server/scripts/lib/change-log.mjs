// Informes' change log (decision 091): a bench that writes orders straight into the database
// leaves every one of them logged, and the server's catch-up folds them once it starts. Timing
// requests meanwhile measures that fold as much as the requests: a chain's database is folded.
// The server's own TypeScript (connect, readState), so the benches that use this run under tsx.
import { connect } from '../../src/db/dialect.ts';
import { readState } from '../../src/modules/insights/rollup-repository.ts';

/**
 * Waits until the servers' catch-up has folded every order written so far, at most `limitMs`;
 * answers how long it took, in seconds, with one decimal. Folded is the log empty and the
 * watermark at the newest order's stamp: a round's last step (its customers' first sales, which
 * read every sale of theirs) comes after it took the log's inserts and before it moves the
 * watermark, and waiting for the log alone timed the requests beside it.
 */
export async function changesFolded(url, limitMs = 120_000) {
  const handle = connect({ url, poolSize: 1 });
  const began = performance.now();
  try {
    const { at } = await handle.db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirstOrThrow();
    const newest = at === null ? -Infinity : new Date(at).getTime();
    for (;;) {
      const row = await handle.db
        .selectFrom('insight_changes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const { watermark } = await readState(handle);
      if (Number(row.n) === 0 && (watermark ?? -Infinity) >= newest) break;
      if (performance.now() - began > limitMs) {
        console.warn(`  the catch-up had not folded the written orders after ${limitMs / 1000} s`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return ((performance.now() - began) / 1000).toFixed(1);
  } finally {
    await handle.db.destroy();
  }
}
