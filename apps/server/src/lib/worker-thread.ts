// A thread that answers numbered requests, one at a time (the orders' writer, decision 025;
// Informes' catch-up on SQLite, decision 095): started with its first request, its requests
// answered "stopped" if it dies (the next request starts a new one), closed on the app's close.
// The thread's side is `serveRequests` (worker-serve.ts).
import { Worker, type TransferListItem } from 'node:worker_threads';

/** What a thread answers to the request numbered `id`. */
export type ThreadReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; code?: string } };

/** A thread's request as `send` posts it: its own fields, and the number its answer carries. */
export type Numbered<T> = T & { id: number };

/**
 * Where a worker's code is: beside the bundle once built (`dist/<built>`: every module of the
 * server is bundled into dist/server.js, so this file's URL is that one's), or the TypeScript
 * `source`, loaded through tsx, when the server runs from source (tests, `npm run dev`).
 */
export function workerEntry(
  built: string,
  source: URL,
): { url: URL; data: Record<string, string> } {
  if (!import.meta.url.endsWith('.ts'))
    return { url: new URL(`./${built}`, import.meta.url), data: {} };
  return { url: new URL('./typescript-worker.mjs', import.meta.url), data: { entry: source.href } };
}

export interface ThreadOptions {
  /** For the errors it answers: "the order writer thread". */
  name: string;
  entry: { url: URL; data: Record<string, string> };
  workerData: Record<string, unknown>;
  /** The code of a request's error when the thread stopped under it, or was closed. */
  stoppedCode: string;
}

interface ThreadState {
  options: ThreadOptions;
  worker: Worker | null;
  closed: boolean;
  nextId: number;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>;
}

const stopped = (state: ThreadState, why: string) =>
  Object.assign(new Error(`${state.options.name} ${why}`), { code: state.options.stoppedCode });

function failAll(state: ThreadState, reason: string) {
  const error = stopped(state, `stopped: ${reason}`);
  for (const { reject } of state.pending.values()) reject(error);
  state.pending.clear();
}

function start(state: ThreadState): Worker {
  const { url, data } = state.options.entry;
  const started = new Worker(url, { workerData: { ...data, ...state.options.workerData } });
  // A server stays up for its sockets and HTTP; a thread alone must not keep a process alive.
  started.unref();
  started.on('message', (reply: ThreadReply) => {
    const waiting = state.pending.get(reply.id);
    if (!waiting) return;
    state.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
  });
  const ended = (reason: string) => {
    if (state.worker === started) state.worker = null;
    failAll(state, reason);
  };
  started.on('error', (error) => ended(error.message));
  started.on('exit', (code) => ended(`exit ${code}`));
  return started;
}

async function close(state: ThreadState): Promise<void> {
  state.closed = true;
  const closing = state.worker;
  state.worker = null;
  if (!closing) return;
  const exited = new Promise((resolve) => closing.once('exit', resolve));
  closing.postMessage({ type: 'close' });
  await exited;
}

/** The thread's two calls: a request answered (typed by its caller), and the close. */
export function requestThread<Request extends { type: string }>(options: ThreadOptions) {
  const state: ThreadState = {
    options,
    worker: null,
    closed: false,
    nextId: 1,
    pending: new Map(),
  };
  return {
    /** `transfer`: buffers the request hands over, not copies (unusable here afterwards). */
    send<Result>(request: Request, transfer?: readonly TransferListItem[]): Promise<Result> {
      if (state.closed) return Promise.reject(stopped(state, 'is closed'));
      const worker = (state.worker ??= start(state));
      const id = state.nextId++;
      return new Promise((resolve, reject) => {
        state.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ ...request, id } satisfies Numbered<Request>, transfer);
      });
    },
    /** Lets the request in flight finish, then ends the thread (its `close` runs first). */
    close: () => close(state),
  };
}
