// The orders' writer thread (decision 025) on a real SQLite file, in a real worker thread: what
// it writes, and how its failures reach the event loop. It is an SQLite component, so it runs
// in the SQLite project only (vitest.config.ts).
import SQLite from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/dialect';
import { openDatabase } from '../../../src/db/open';
import { WRITER_THREAD_STOPPED, isDatabaseUnavailable } from '../../../src/lib/db-unavailable';
import type { OrderDraft } from '../../../src/modules/orders/types';
import { sqliteWriterThread } from '../../../src/modules/orders/writing/writer-thread';
import { draftMaker } from '../../helpers/orders';
import { rejection } from '../../helpers/rejection';

let dir: string;
let file: string;
let database: DatabaseHandle;
let draft: (clientOrderId?: string) => OrderDraft;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'comanda-writer-'));
  file = join(dir, 'comanda.db');
  database = await openDatabase({ url: file, seedDemo: true });
  const { db } = database;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'cliente@comanda.test')
    .executeTakeFirstOrThrow();
  const option = {
    group_id: 1,
    group_title: 'Término de la carne',
    option_id: 2,
    title: 'Tres cuartos',
    price: 0,
  };
  draft = await draftMaker(db, user.id, {
    quantity: 2,
    observation: 'sin cebolla',
    options: [option],
  });
});

afterAll(async () => {
  await database.db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('the orders writer thread', () => {
  it('writes a batch on its own connection: the event loop reads every row it answered, a twin gets the stored id', async () => {
    const writer = sqliteWriterThread(file);
    try {
      const [a, b] = [draft(), draft()];
      const at = new Date().toISOString();
      const written = await writer.insertOrders([a, b, { ...a }], at);
      expect(written.map((w) => w.created)).toEqual([true, true, false]);
      expect(written[2]!.id).toBe(written[0]!.id);

      const rows = await database.db
        .selectFrom('orders')
        .select(['id', 'client_order_id', 'total', 'observation', 'created_at', 'user_seq'])
        .where('id', 'in', [written[0]!.id, written[1]!.id])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.client_order_id)).toEqual([a.client_order_id, b.client_order_id]);
      expect(rows.map((r) => r.total)).toEqual([a.total, b.total]);
      expect(rows[0]!.created_at).toBe(at);
      expect(rows[1]!.user_seq).toBe(rows[0]!.user_seq! + 1);
      const line = await database.db
        .selectFrom('order_lines')
        .selectAll()
        .where('order_id', '=', written[0]!.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(line.options)).toEqual(a.lines[0]!.options);
      const history = await database.db
        .selectFrom('order_status_history')
        .select('status')
        .where('order_id', '=', written[1]!.id)
        .execute();
      expect(history).toEqual([{ status: 'received' }]);

      // A retry in a later batch is answered the stored order, and nothing is written twice.
      const retriedAt = new Date().toISOString();
      const again = await writer.insertOrders([{ ...b }], retriedAt);
      expect(again).toEqual([{ id: written[1]!.id, created: false, at: retriedAt }]);
      const count = await database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_order_id', '=', b.client_order_id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    } finally {
      await writer.close();
    }
  });

  it('writes the batches that arrive while it commits in one transaction, each answered the time it was stored with', async () => {
    const writer = sqliteWriterThread(file);
    try {
      const start = Date.parse('2026-12-04T18:00:00.000Z');
      const batches = Array.from({ length: 30 }, (_, i) => ({
        drafts: [draft(), draft()],
        at: new Date(start + i * 1000).toISOString(),
      }));
      const written = await Promise.all(
        batches.map(({ drafts, at }) => writer.insertOrders(drafts, at)),
      );

      expect(written.map((batch) => batch.map((order) => order.created))).toEqual(
        batches.map(() => [true, true]),
      );
      const rows = await database.db
        .selectFrom('orders')
        .select(['id', 'created_at'])
        .where(
          'id',
          'in',
          written.flat().map((order) => order.id),
        )
        .execute();
      const storedAt = new Map(rows.map((row) => [row.id, row.created_at]));
      written.forEach((batch, i) => {
        for (const order of batch) {
          // The latest time of the batches written together: never before the batch's own.
          expect(storedAt.get(order.id)).toBe(order.at);
          expect(order.at >= batches[i]!.at).toBe(true);
        }
      });
      // Sent all at once, they were written in fewer transactions than batches.
      expect(new Set(rows.map((row) => row.created_at)).size).toBeLessThan(batches.length / 2);
    } finally {
      await writer.close();
    }
  });

  it('a bad batch among the ones written together sinks only itself', async () => {
    const writer = sqliteWriterThread(file);
    try {
      const at = new Date().toISOString();
      const batches = Array.from({ length: 10 }, () => [draft(), draft()]);
      // Not a branch: the foreign key refuses it, in whichever transaction it lands.
      batches[5] = [draft(), { ...draft(), branch_id: 987654 }];
      const answers = await Promise.allSettled(
        batches.map((drafts) => writer.insertOrders(drafts, at)),
      );

      expect(answers.map((answer) => answer.status)).toEqual(
        batches.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')),
      );
      const stored = await database.db
        .selectFrom('orders')
        .select('client_order_id')
        .where(
          'client_order_id',
          'in',
          batches.flat().map((d) => d.client_order_id),
        )
        .execute();
      expect(stored).toHaveLength(18);
      expect(stored.map((row) => row.client_order_id)).not.toContain(
        batches[5]![0]!.client_order_id,
      );
    } finally {
      await writer.close();
    }
  });

  it('leaves the lock to the event loop between batches it writes back to back', async () => {
    const writer = sqliteWriterThread(file);
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
    const writer = sqliteWriterThread(file);
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

  it('a thread that cannot open its database fails its batches as "unavailable" instead of taking the process down', async () => {
    const notAFile = join(dir, 'a-folder');
    mkdirSync(notAFile);
    const writer = sqliteWriterThread(notAFile);
    const error = await rejection(writer.insertOrders([draft()], new Date().toISOString()));
    expect(error.code).toBe(WRITER_THREAD_STOPPED);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The next batch starts a new thread, which fails the same way: no batch is left waiting.
    expect((await rejection(writer.insertOrders([draft()], new Date().toISOString()))).code).toBe(
      WRITER_THREAD_STOPPED,
    );
    await writer.close();
  });

  it('on close, lets the batch in flight commit, then refuses new ones', async () => {
    const writer = sqliteWriterThread(file);
    const last = draft();
    const inFlight = writer.insertOrders([last], new Date().toISOString());
    await writer.close();
    expect((await inFlight)[0]!.created).toBe(true);
    const stored = await database.db
      .selectFrom('orders')
      .select('id')
      .where('client_order_id', '=', last.client_order_id)
      .execute();
    expect(stored).toHaveLength(1);
    const error = await rejection(writer.insertOrders([draft()], new Date().toISOString()));
    expect(error.code).toBe(WRITER_THREAD_STOPPED);
  });
});
