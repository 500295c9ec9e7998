// The orders' writer thread (decision 025) against SQLite's file lock: it takes turns with the
// event loop's connection, and a lock another connection holds is an outage. SQLite's alone, so
// it runs in the SQLite project only (vitest.config.ts); the rest is writer-thread.test.ts's.
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/dialect';
import { isDatabaseUnavailable } from '../../../src/lib/db-unavailable';
import type { OrderDraft } from '../../../src/modules/orders/types';
import { orderWriterThread } from '../../../src/modules/orders/writing/writer-thread';
import { openTestDatabase, type TestDatabase } from '../../helpers/database';
import { demoCustomerDraft } from '../../helpers/orders';
import { rejection } from '../../helpers/rejection';

let opened: TestDatabase;
let file: string;
let database: DatabaseHandle;
let draft: (clientOrderId?: string) => OrderDraft;

beforeAll(async () => {
  const { handle, target } = await openTestDatabase();
  opened = target;
  database = handle;
  file = handle.file!;
  draft = await demoCustomerDraft(handle.db);
});

afterAll(async () => {
  await database.db.destroy();
  await opened.drop();
});

describe('the orders writer thread on SQLite', () => {
  it('leaves the lock to the event loop between batches it writes back to back', async () => {
    const writer = orderWriterThread({ sqliteFile: file });
    let writing = true;
    const stream = async () => {
      while (writing)
        await writer.insertOrders(
          Array.from({ length: 50 }, () => draft()),
          new Date().toISOString(),
        );
    };
    try {
      await writer.insertOrders([draft()], new Date().toISOString()); // the thread has started
      // More drafts in flight than one transaction takes: the thread always has the next ones.
      const streams = Array.from({ length: 10 }, stream);
      const waits: number[] = [];
      for (let i = 0; i < 7; i++) {
        // The streams' answers and next batches run meanwhile: the thread is busy again.
        await new Promise((resolve) => setTimeout(resolve, 50));
        const began = performance.now();
        // A write transaction of the event loop's connection (BEGIN IMMEDIATE, decision 094).
        await database.db.transaction().execute(async (trx) => {
          waits.push(performance.now() - began);
          await trx.updateTable('users').set({ name: 'Cliente' }).where('id', '=', -1).execute();
        });
      }
      writing = false;
      await Promise.all(streams);
      // It waits for the batch being written, not behind the ones after it: without a turn, only
      // the rare try that fell between two commits got in (median 67–87 ms here, against 9–12).
      const median = waits.sort((a, b) => a - b)[3]!;
      expect(median).toBeLessThan(50);
    } finally {
      writing = false;
      await writer.close();
    }
  });
  it('answers a lock held by another connection as "database unavailable", writes nothing, and writes once it is released', async () => {
    const writer = orderWriterThread({ sqliteFile: file });
    const other = new SQLite(file);
    try {
      other.exec('begin exclusive');
      const refused = draft();
      const error = await rejection(writer.insertOrders([refused], new Date().toISOString()));
      expect(error.code).toMatch(/^SQLITE_BUSY/);
      expect(isDatabaseUnavailable(error)).toBe(true);
      other.exec('rollback');

      const stored = await database.db
        .selectFrom('orders')
        .select('id')
        .where('client_order_id', '=', refused.client_order_id)
        .execute();
      expect(stored).toEqual([]);
      const [written] = await writer.insertOrders([refused], new Date().toISOString());
      expect(written!.created).toBe(true);
    } finally {
      other.close();
      await writer.close();
    }
  });
});
