import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { SQLITE_WAL_AUTOCHECKPOINT_PAGES } from '../../db/dialect';
import { WRITER_THREAD_STOPPED } from '../../lib/db-unavailable';
import type { OrdersRepository } from './repository';
import type { WriterReply, WriterRequest } from './writer-thread.worker';

type InsertOrders = OrdersRepository['insertOrders'];

/**
 * Where the worker's code is: beside the bundle once built (dist/order-writer.js), or the
 * TypeScript source, loaded through tsx, when the server runs from source (tests, `npm run dev`).
 */
function workerEntry(): { url: URL; data: Record<string, string> } {
  if (!import.meta.url.endsWith('.ts'))
    return { url: new URL('./order-writer.js', import.meta.url), data: {} };
  return {
    url: new URL('../../lib/typescript-worker.mjs', import.meta.url),
    data: { entry: new URL('./writer-thread.worker.ts', import.meta.url).href },
  };
}

/**
 * The group commit's writes on a thread of their own (decision 025). better-sqlite3 is
 * synchronous: on the event loop, a batch's statements and its fsync stopped every socket and
 * request of the node for their duration. Here they run on a second connection to the same
 * file, in a worker thread, while the event loop reads the next orders; the batch's answer comes
 * back as a message. The thread starts with the first batch; if it dies, the batches it held are
 * answered "try again" (their retries find whatever did commit) and the next batch starts a new one.
 */
export function sqliteWriterThread(file: string) {
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 1;
  const pending = new Map<
    number,
    {
      resolve: (value: Awaited<ReturnType<InsertOrders>>) => void;
      reject: (error: unknown) => void;
    }
  >();

  function failAll(reason: string) {
    const error = Object.assign(new Error(`the order writer thread stopped: ${reason}`), {
      code: WRITER_THREAD_STOPPED,
    });
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function start(): Worker {
    const { url, data } = workerEntry();
    const started = new Worker(url, { workerData: { ...data, file } });
    // A server stays up for its sockets and HTTP; this thread alone must not keep a process alive.
    started.unref();
    started.on('message', (reply: WriterReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else
        waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(error.message);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(`exit ${code}`);
    });
    return started;
  }

  function send(request: (id: number) => WriterRequest): ReturnType<InsertOrders> {
    if (closed)
      return Promise.reject(
        Object.assign(new Error('the order writer thread is closed'), {
          code: WRITER_THREAD_STOPPED,
        }),
      );
    const thread = (worker ??= start());
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.postMessage(request(id));
    });
  }

  return {
    insertOrders(...[drafts, at]: Parameters<InsertOrders>): ReturnType<InsertOrders> {
      return send((id) => ({ type: 'insert-orders', id, drafts, at }));
    },

    /** Checkpoints the WAL from the thread (decision 053): what the event loop wrote included. */
    async checkpoint(): Promise<void> {
      await send((id) => ({ type: 'checkpoint', id }));
    },

    /** Lets the batch in flight finish, closes the thread's connection and ends the thread. */
    async close(): Promise<void> {
      closed = true;
      const closing = worker;
      worker = null;
      if (!closing) return;
      const exited = new Promise((resolve) => closing.once('exit', resolve));
      closing.postMessage({ type: 'close' } satisfies WriterRequest);
      await exited;
    },
  };
}

export type SqliteWriterThread = ReturnType<typeof sqliteWriterThread>;

/** SQLite's default page size, which the server keeps. */
const SQLITE_PAGE_BYTES = 4096;

/** How often the event loop looks at the WAL's size (a stat, off the loop). */
export const CHECKPOINT_CHECK_MS = 5000;

/**
 * The event loop's SQLite connection never checkpoints (decision 053): once the WAL holds more
 * than a writer's commit would checkpoint at, the writer thread copies it back. Answers whether
 * it asked for a checkpoint.
 */
export async function checkpointWhenLarge(writer: SqliteWriterThread, file: string) {
  const size = await stat(`${file}-wal`).then(
    (found) => found.size,
    () => 0,
  );
  if (size <= SQLITE_WAL_AUTOCHECKPOINT_PAGES * SQLITE_PAGE_BYTES) return false;
  await writer.checkpoint();
  return true;
}
