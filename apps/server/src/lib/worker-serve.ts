// The thread's side of worker-thread.ts: requests answered one at a time, in the order they
// come, each with its number; `{ type: 'close' }` runs `close` and ends the thread.
import { parentPort } from 'node:worker_threads';
import type { Numbered, ThreadReply } from './worker-thread';

/** Anything can be thrown; only a string message and code cross the thread. */
function replyOf(id: number, error: unknown): ThreadReply {
  const { message, code } = (typeof error === 'object' && error !== null ? error : {}) as {
    message?: unknown;
    code?: unknown;
  };
  return {
    id,
    ok: false,
    error: {
      message: typeof message === 'string' ? message : String(error),
      ...(typeof code === 'string' ? { code } : {}),
    },
  };
}

export function serveRequests<Request extends { type: string }>(
  handle: (request: Request) => Promise<unknown>,
  close: () => Promise<void>,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveRequests runs in a worker thread');
  let queue = Promise.resolve();
  port.on('message', (request: Numbered<Request> | { type: 'close' }) => {
    queue = queue.then(async () => {
      if (request.type === 'close') {
        await close();
        port.close();
        return;
      }
      const { id } = request as Numbered<Request>;
      try {
        const result = await handle(request as Request);
        port.postMessage({ id, ok: true, result } satisfies ThreadReply);
      } catch (error) {
        port.postMessage(replyOf(id, error));
      }
    });
  });
}
