import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { SQLITE_WAL_AUTOCHECKPOINT_PAGES } from '../../../db/dialect';
import { WRITER_THREAD_STOPPED } from '../../../lib/db-unavailable';
import type { OrderDraft, WrittenOrder } from '../types';
import type { WriterReply, WriterRequest } from './writer-thread.worker';

/**
 * Where the worker's code is: beside the bundle once built (dist/order-writer.js), or the
 * TypeScript source, loaded through tsx, when the server runs from source (tests, `npm run dev`).
 */
function workerEntry(): { url: URL; data: Record<string, string> } {
  if (!import.meta.url.endsWith('.ts'))
    return { url: new URL('./order-writer.js', import.meta.url), data: {} };
  return {
    url: new URL('../../../lib/typescript-worker.mjs', import.meta.url),
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
  const thread: WriterThread = { file, worker: null, closed: false, nextId: 1, pending: new Map() };
  return {
    /** The group commit's batch, written on the thread (the same insertOrders as the event loop's). */
    insertOrders(drafts: OrderDraft[], at: string): Promise<WrittenOrder[]> {
      return send(thread, (id) => ({ type: 'insert-orders', id, drafts, at }));
    },

    /** Checkpoints the WAL from the thread (decision 053): what the event loop wrote included. */
    async checkpoint(): Promise<void> {
      await send(thread, (id) => ({ type: 'checkpoint', id }));
    },

    /** Lets the batch in flight finish, closes the thread's connection and ends the thread. */
    close: () => closeThread(thread),
  };
}

/** The thread's state: its worker while one runs, and the requests waiting for their answers. */
interface WriterThread {
  file: string;
  worker: Worker | null;
  closed: boolean;
  nextId: number;
  pending: Map<
    number,
    { resolve: (value: WrittenOrder[]) => void; reject: (error: unknown) => void }
  >;
}

/** Every request waiting is answered "try again": its retry finds whatever did commit. */
function failAll(thread: WriterThread, reason: string) {
  const error = Object.assign(new Error(`the order writer thread stopped: ${reason}`), {
    code: WRITER_THREAD_STOPPED,
  });
  for (const { reject } of thread.pending.values()) reject(error);
  thread.pending.clear();
}

function start(thread: WriterThread): Worker {
  const { url, data } = workerEntry();
  const started = new Worker(url, { workerData: { ...data, file: thread.file } });
  // A server stays up for its sockets and HTTP; this thread alone must not keep a process alive.
  started.unref();
  started.on('message', (reply: WriterReply) => {
    const waiting = thread.pending.get(reply.id);
    if (!waiting) return;
    thread.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
  });
  started.on('error', (error) => {
    if (thread.worker === started) thread.worker = null;
    failAll(thread, error.message);
  });
  started.on('exit', (code) => {
    if (thread.worker === started) thread.worker = null;
    failAll(thread, `exit ${code}`);
  });
  return started;
}

function send(
  thread: WriterThread,
  request: (id: number) => WriterRequest,
): Promise<WrittenOrder[]> {
  if (thread.closed)
    return Promise.reject(
      Object.assign(new Error('the order writer thread is closed'), {
        code: WRITER_THREAD_STOPPED,
      }),
    );
  const worker = (thread.worker ??= start(thread));
  const id = thread.nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    worker.postMessage(request(id));
  });
}

async function closeThread(thread: WriterThread): Promise<void> {
  thread.closed = true;
  const closing = thread.worker;
  thread.worker = null;
  if (!closing) return;
  const exited = new Promise((resolve) => closing.once('exit', resolve));
  closing.postMessage({ type: 'close' } satisfies WriterRequest);
  await exited;
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
