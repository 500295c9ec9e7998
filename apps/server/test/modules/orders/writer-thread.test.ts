// The orders' writer thread (decisions 025 and 102) on a real database, in a real worker thread:
// what it writes, and how its failures reach the event loop. On both databases; what only
// SQLite's file lock asks of it is writer-thread-sqlite.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/dialect';
import { threadDatabaseOf, type ThreadDatabase } from '../../../src/db/thread-connection';
import { isoInstant } from '../../../src/lib/iso-instant';
import {
  CONNECT_FAILED,
  WRITER_THREAD_STOPPED,
  isDatabaseUnavailable,
} from '../../../src/lib/db-unavailable';
import type { OrderDraft } from '../../../src/modules/orders/types';
import { orderWriterThread } from '../../../src/modules/orders/writing/writer-thread';
import {
  openTestDatabase,
  testDialect,
  unreachableDatabase,
  type TestDatabase,
} from '../../helpers/database';
import { demoCustomerDraft } from '../../helpers/orders';
import { rejection } from '../../helpers/rejection';

let opened: TestDatabase;
let database: DatabaseHandle;
let target: ThreadDatabase;
let draft: (clientOrderId?: string) => OrderDraft;

beforeAll(async () => {
  const { handle, target: created } = await openTestDatabase();
  opened = created;
  database = handle;
  target = threadDatabaseOf(handle)!;
  draft = await demoCustomerDraft(handle.db);
});

afterAll(async () => {
  await database.db.destroy();
  await opened.drop();
});

describe('the orders writer thread', () => {
  it('writes a batch on its own connection: the event loop reads every row it answered, a twin gets the stored id', async () => {
    const writer = orderWriterThread(target);
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
      expect(isoInstant(rows[0]!.created_at)).toBe(at);
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
    const writer = orderWriterThread(target);
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
      const storedAt = new Map(rows.map((row) => [row.id, isoInstant(row.created_at)]));
      written.forEach((batch, i) => {
        for (const order of batch) {
          // The latest time of the batches written together: never before the batch's own.
          expect(storedAt.get(order.id)).toBe(order.at);
          expect(order.at >= batches[i]!.at).toBe(true);
        }
      });
      // Sent all at once, they were written in fewer transactions than batches.
      expect(new Set(rows.map((row) => isoInstant(row.created_at))).size).toBeLessThan(
        batches.length / 2,
      );
    } finally {
      await writer.close();
    }
  });

  it('a bad batch among the ones written together sinks only itself', async () => {
    const writer = orderWriterThread(target);
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

  it('a thread that cannot reach its database fails its batches as "unavailable" instead of taking the process down', async () => {
    const writer = orderWriterThread(unreachableDatabase(target));
    // SQLite's thread cannot open the file and stops; PostgreSQL's cannot connect.
    const code = testDialect === 'sqlite' ? WRITER_THREAD_STOPPED : CONNECT_FAILED;
    const error = await rejection(writer.insertOrders([draft()], new Date().toISOString()));
    expect(error.code).toBe(code);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The next batch (on SQLite, a new thread) fails the same way: no batch is left waiting.
    expect((await rejection(writer.insertOrders([draft()], new Date().toISOString()))).code).toBe(
      code,
    );
    await writer.close();
  });

  it('on close, lets the batch in flight commit, then refuses new ones', async () => {
    const writer = orderWriterThread(target);
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
