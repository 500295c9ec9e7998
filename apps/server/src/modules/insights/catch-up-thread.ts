import { threadConnectOptions, type ThreadDatabase } from '../../db/thread-connection';
import type { Clock } from '../../lib/clock';
import { CATCH_UP_THREAD_STOPPED } from '../../lib/db-unavailable';
import { requestThread, workerEntry } from '../../lib/worker-thread';
import type { CatchUpResult } from './catch-up';
import type { CatchUpRequest } from './catch-up.worker';

/**
 * Informes' catch-up on a thread of its own (decisions 095 and 109). On SQLite, better-sqlite3 is
 * synchronous, so on the event loop each of its transactions (reading a few thousand orders and
 * their lines, adding them up, writing the sums) stopped every socket and request of the node
 * for its length; the lock orders it with the writer thread's batches as before (decision 093).
 * On PostgreSQL the queries wait elsewhere, but parsing their rows and adding them up did not:
 * in a rush the event loop placement is bound by spent a few per cent of its time on it. Here
 * it runs on a connection of the thread's own, and the event loop only waits for its answer.
 */
export function catchUpThread(target: ThreadDatabase, clock: Clock) {
  const thread = requestThread<CatchUpRequest>({
    name: "Informes' catch-up thread",
    entry: workerEntry('insights-catch-up.js', new URL('./catch-up.worker.ts', import.meta.url)),
    workerData: { connectTo: threadConnectOptions(target) },
    stoppedCode: CATCH_UP_THREAD_STOPPED,
  });
  return {
    catchUp: () => thread.send<CatchUpResult>({ type: 'catch-up', now: clock.now() }),
    close: thread.close,
  };
}
