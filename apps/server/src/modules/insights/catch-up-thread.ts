import { threadConnectOptions } from '../../db/thread-connection';
import type { Clock } from '../../lib/clock';
import { CATCH_UP_THREAD_STOPPED } from '../../lib/db-unavailable';
import { requestThread, workerEntry } from '../../lib/worker-thread';
import type { CatchUpResult } from './catch-up';
import type { CatchUpRequest } from './catch-up.worker';

/**
 * On SQLite, Informes' catch-up runs on a thread of its own (decision 095): better-sqlite3 is
 * synchronous, so on the event loop each of its transactions (reading a few thousand orders and
 * their lines, adding them up, writing the sums) stopped every socket and request of the node
 * for its length, in a rush the very thread placement is bound by. Here it runs on a third
 * connection to the file; the lock orders it with the writer thread's batches as before
 * (decision 093), and the event loop only waits for its answer.
 */
export function sqliteCatchUpThread(file: string, clock: Clock) {
  const thread = requestThread<CatchUpRequest>({
    name: "Informes' catch-up thread",
    entry: workerEntry('insights-catch-up.js', new URL('./catch-up.worker.ts', import.meta.url)),
    workerData: { connectTo: threadConnectOptions({ sqliteFile: file }) },
    stoppedCode: CATCH_UP_THREAD_STOPPED,
  });
  return {
    catchUp: () => thread.send<CatchUpResult>({ type: 'catch-up', now: clock.now() }),
    close: thread.close,
  };
}
