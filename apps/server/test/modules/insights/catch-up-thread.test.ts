// Informes' catch-up on a thread of its own (decision 095), on a real SQLite file in a real
// worker thread: it folds what the event loop's fold would, and its failures reach the node as
// "the database cannot serve now". SQLite's alone: it runs in the SQLite project only
// (vitest.config.ts).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATCH_UP_THREAD_STOPPED, isDatabaseUnavailable } from '../../../src/lib/db-unavailable';
import { sqliteCatchUpThread } from '../../../src/modules/insights/catch-up-thread';
import { rejection } from '../../helpers/rejection';
import { insightsScene, moveTo, placeAt, rollupRows } from './insights-support';

const scene = insightsScene();

describe("Informes' catch-up thread", () => {
  it('folds new and changed orders as a rebuild from the orders makes them', async () => {
    const { t, world } = scene;
    const thread = sqliteCatchUpThread(t.database.file!, t.app.clock);
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
    const thread = sqliteCatchUpThread(scene.t.database.file!, scene.t.app.clock);
    await thread.catchUp();
    await thread.close();
    const error = await rejection(thread.catchUp());
    expect(error.code).toBe(CATCH_UP_THREAD_STOPPED);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a thread that cannot open its database fails its catch-up as "unavailable", and the next starts another', async () => {
    const notAFile = join(dirname(scene.t.database.file!), 'a-folder');
    mkdirSync(notAFile);
    const thread = sqliteCatchUpThread(notAFile, scene.t.app.clock);
    for (let i = 0; i < 2; i++) {
      const error = await rejection(thread.catchUp());
      expect(error.code).toBe(CATCH_UP_THREAD_STOPPED);
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    await thread.close();
  });
});
