// The thread's side of worker-thread.ts: requests answered in the order they come, each with
// its number; `{ type: 'close' }` runs `close` and ends the thread. A thread may handle several
// waiting requests together (`together`): the orders' writer writes every batch that arrived
// during its last commit in its next one (decision 097).
import { parentPort, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
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

/** Waiting requests a thread handles in one go, each still answered on its own. */
export interface Together<Request> {
  /** Whether `next` may join the requests gathered so far (the first of them included). */
  joins: (next: Request, gathered: Request[]) => boolean;
  /** One outcome per request, in their order. */
  handle: (requests: Request[]) => Promise<PromiseSettledResult<unknown>[]>;
}

type Message<Request> = Numbered<Request> | { type: 'close' };

export function serveRequests<Request extends { type: string }>(
  handle: (request: Request) => Promise<unknown>,
  close: () => Promise<void>,
  together?: Together<Request>,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveRequests runs in a worker thread');
  const inbox: Message<Request>[] = [];
  let serving = false;
  port.on('message', (message: Message<Request>) => {
    inbox.push(message);
    if (!serving) void serve();
  });

  async function serve() {
    serving = true;
    for (;;) {
      // What arrived while the last request ran, read now rather than a turn of the loop later.
      takeWaiting(port!, inbox);
      const first = inbox.shift();
      if (!first) break;
      if (first.type === 'close') {
        await close();
        port!.close();
        // Ended now, not once the loop empties: a PostgreSQL connection whose peer went silent
        // (a network partition) never finishes saying goodbye, and its socket would keep the
        // thread, and the app's close waiting for it, alive for good.
        process.exit(0);
      }
      const group = [first as Numbered<Request>];
      while (together && joinable(inbox[0], group, together))
        group.push(inbox.shift() as Numbered<Request>);
      await answer(port!, group, handle, together);
    }
    serving = false;
  }
}

function takeWaiting<Request>(port: MessagePort, inbox: Message<Request>[]) {
  for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port))
    inbox.push(next.message as Message<Request>);
}

function joinable<Request extends { type: string }>(
  next: Message<Request> | undefined,
  group: Numbered<Request>[],
  together: Together<Request>,
): boolean {
  return next !== undefined && next.type !== 'close' && together.joins(next as Request, group);
}

async function answer<Request>(
  port: MessagePort,
  group: Numbered<Request>[],
  handle: (request: Request) => Promise<unknown>,
  together: Together<Request> | undefined,
) {
  const outcomes =
    together && group.length > 1
      ? await together.handle(group)
      : await Promise.allSettled([Promise.resolve(group[0]!).then(handle)]);
  group.forEach(({ id }, i) => {
    const outcome = outcomes[i]!;
    port.postMessage(
      outcome.status === 'fulfilled'
        ? ({ id, ok: true, result: outcome.value } satisfies ThreadReply)
        : replyOf(id, outcome.reason),
    );
  });
}
