import { stat } from 'node:fs/promises';
import { SQLITE_WAL_AUTOCHECKPOINT_PAGES } from '../../../db/dialect';
import { threadConnectOptions, type ThreadDatabase } from '../../../db/thread-connection';
import { WRITER_THREAD_STOPPED } from '../../../lib/db-unavailable';
import { requestThread, workerEntry } from '../../../lib/worker-thread';
import type { OrderDraft, Written } from '../types';
import type { WriterRequest } from './writer-thread.worker';

/**
 * The group commit's writes on a thread of their own (decisions 025 and 102). better-sqlite3 is
 * synchronous: on the event loop, a batch's statements and its fsync stopped every socket and
 * request of the node for their duration. On PostgreSQL the batch is one statement (decision
 * 057), but building its document, writing it to the socket and reading the answer cost the
 * event loop about a tenth of its time per order. Here they run on a connection of the thread's
 * own, while the event loop reads the next orders; the batch's answer comes back as a message.
 * The thread starts with the first batch; if it dies, the batches it held are answered "try
 * again" (their retries find whatever did commit) and the next batch starts a new one.
 */
export function orderWriterThread(target: ThreadDatabase) {
  const thread = requestThread<WriterRequest>({
    name: 'the order writer thread',
    entry: workerEntry('order-writer.js', new URL('./writer-thread.worker.ts', import.meta.url)),
    workerData: { connectTo: threadConnectOptions(target) },
    stoppedCode: WRITER_THREAD_STOPPED,
  });
  return {
    /**
     * The group commit's batch, written on the thread (the same insertOrders as the event
     * loop's), maybe in one transaction with the batches sent after it (decision 097).
     */
    insertOrders(drafts: OrderDraft[], at: string): Promise<Written[]> {
      return thread.send({ type: 'insert-orders', drafts, at });
    },

    /** SQLite: checkpoints the WAL from the thread (decision 053), what the event loop wrote included. */
    async checkpoint(): Promise<void> {
      await thread.send({ type: 'checkpoint' });
    },

    /** Lets the batch in flight finish, closes the thread's connection and ends the thread. */
    close: thread.close,
  };
}

export type OrderWriterThread = ReturnType<typeof orderWriterThread>;

/** SQLite's default page size, which the server keeps. */
const SQLITE_PAGE_BYTES = 4096;

/** How often the event loop looks at the WAL's size (a stat, off the loop). */
export const CHECKPOINT_CHECK_MS = 5000;

/**
 * The event loop's SQLite connection never checkpoints (decision 053): once the WAL holds more
 * than a writer's commit would checkpoint at, the writer thread copies it back. Answers whether
 * it asked for a checkpoint.
 */
export async function checkpointWhenLarge(writer: OrderWriterThread, file: string) {
  const size = await stat(`${file}-wal`).then(
    (found) => found.size,
    () => 0,
  );
  if (size <= SQLITE_WAL_AUTOCHECKPOINT_PAGES * SQLITE_PAGE_BYTES) return false;
  await writer.checkpoint();
  return true;
}
