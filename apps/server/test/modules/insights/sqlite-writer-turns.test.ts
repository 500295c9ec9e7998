// Informes' catch-up shares SQLite's one write lock with the orders' writer thread (decision
// 093). Its transactions used to follow each other with only instants between them, so a batch
// of orders waiting for the lock through a long fold ran out of its busy timeout and was answered
// "try again". Between two of its transactions the catch-up now leaves the lock free for as long
// as it held it. SQLite's alone (PostgreSQL has no database-wide write lock): it runs in the
// SQLite project only (vitest.config.ts).
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/lib/clock';
import { catchUp } from '../../../src/modules/insights/catch-up';
import { insightsScene, placeAt } from './insights-support';

const scene = insightsScene();

/**
 * Another connection trying, at every turn of the event loop, to take the write lock without
 * waiting (busy_timeout 0), as the writer thread would: how many times it got it, and how many
 * times it found it held.
 */
function lockProbe(file: string) {
  const other = new SQLite(file);
  other.pragma('busy_timeout = 0');
  const tries = { got: 0, held: 0 };
  let on = true;
  const attempt = () => {
    if (!on) return;
    try {
      other.exec('begin immediate');
      other.exec('rollback');
      tries.got += 1;
    } catch {
      tries.held += 1;
    }
    setImmediate(attempt);
  };
  setImmediate(attempt);
  return {
    tries,
    stop() {
      on = false;
      other.close();
    },
  };
}

describe('the catch-up on SQLite', () => {
  it('lets another writer take the lock between its transactions', async () => {
    const { t, world } = scene;
    const file = t.database.file!;
    // New orders and sales: the fold adds them, then recomputes their customers' first sales,
    // each in transactions of its own.
    for (const who of ['customer', 'fresh', 'customer'] as const)
      await placeAt(world, who, world.terminal.id, [1]);
    const probe = lockProbe(file);
    // The probe's first try runs before the fold starts: count from here.
    await new Promise((resolve) => setImmediate(resolve));
    const before = probe.tries.got;
    // The fold itself, here on the event loop rather than on its thread (decision 095): the
    // probe then gets a turn only when the fold waits on a timer, which only its pause does.
    await catchUp({ db: t.database.db, dialect: 'sqlite', clock: systemClock });
    const during = probe.tries.got - before;
    probe.stop();
    expect(during).toBeGreaterThan(0);
  });
});
