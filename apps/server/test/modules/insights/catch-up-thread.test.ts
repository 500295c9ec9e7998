// Informes' catch-up on a thread of its own (decisions 095 and 109), on the real database (an
// SQLite file, or PostgreSQL) in a real worker thread: it folds what the event loop's fold would,
// and its failures reach the node as "the database cannot serve now".
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { threadDatabaseOf, type ThreadDatabase } from '../../../src/db/thread-connection';
import {
  CATCH_UP_THREAD_STOPPED,
  CONNECT_FAILED,
  isDatabaseUnavailable,
} from '../../../src/lib/db-unavailable';
import { catchUpThread } from '../../../src/modules/insights/catch-up-thread';
import { rejection } from '../../helpers/rejection';
import { insightsScene, moveTo, placeAt, rollupRows } from './insights-support';

const scene = insightsScene();
const target = () => threadDatabaseOf(scene.t.database)!;

/**
 * A database the thread cannot reach, and the code its catch-up fails with: a folder where the
 * SQLite file should be (the thread dies opening it), or a closed port (the connection is refused).
 */
function unreachable(): { database: ThreadDatabase; code: string } {
  const reached = target();
  if ('postgres' in reached)
    return {
      database: {
        postgres: { ...reached.postgres, url: 'postgres://postgres@127.0.0.1:1/comanda' },
      },
      code: CONNECT_FAILED,
    };
  const notAFile = join(dirname(reached.sqliteFile), 'a-folder');
  mkdirSync(notAFile);
  return { database: { sqliteFile: notAFile }, code: CATCH_UP_THREAD_STOPPED };
}

describe("Informes' catch-up thread", () => {
  it('folds new and changed orders as a rebuild from the orders makes them', async () => {
    const { t, world } = scene;
    const thread = catchUpThread(target(), t.app.clock);
    try {
      // Built once (the first catch-up of a database never built rebuilds it), then new orders
      // to add and a changed one to recompute.
      await thread.catchUp();
      const first = await placeAt(world, 'customer', world.terminal.id, [2, 1]);
      await placeAt(world, 'fresh', world.terminal.id, [1]);
      await moveTo(t, world, first.id, { status: 'accepted' });
      expect(await thread.catchUp()).toEqual({ kind: 'caught-up', orders: 2 });
      const folded = await rollupRows(t);
      await t.app.insights.rebuild();
      expect(folded).toEqual(await rollupRows(t));
    } finally {
      await thread.close();
    }
  });

  it('once closed, answers "unavailable" and starts nothing', async () => {
    const thread = catchUpThread(target(), scene.t.app.clock);
    await thread.catchUp();
    await thread.close();
    const error = await rejection(thread.catchUp());
    expect(error.code).toBe(CATCH_UP_THREAD_STOPPED);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a thread that cannot reach its database fails each catch-up as "unavailable"', async () => {
    const { database, code } = unreachable();
    const thread = catchUpThread(database, scene.t.app.clock);
    // SQLite's thread dies opening the folder, and the next catch-up starts another; PostgreSQL's
    // connection is refused, and the next catch-up asks again.
    for (let i = 0; i < 2; i++) {
      const error = await rejection(thread.catchUp());
      expect(error.code).toBe(code);
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    await thread.close();
  });
});
