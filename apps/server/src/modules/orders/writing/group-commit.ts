import { isDatabaseUnavailable } from '../../../lib/db-unavailable';

/**
 * Group commit: drafts that arrive while a transaction is committing wait and are written
 * together by the next one, so many orders share one durable sync (fsync on SQLite, WAL flush on
 * PostgreSQL) instead of paying one each. Every caller is answered only after its transaction
 * has committed.
 *
 * `concurrency` batches may be in flight at once: 1 on the event loop's own connection; no limit
 * for the orders' writer thread, which writes every batch that waited in its next transaction
 * (decisions 097 and 102).
 */
export function groupCommit<T, R>(
  write: (batch: T[]) => Promise<R[]>,
  maxBatch = 200,
  concurrency = 1,
) {
  let queue: { item: T; resolve: (value: R) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;
  /** Items of the batches being written now. */
  let writing = 0;

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      writing += batch.length;
      try {
        const results = await write(batch.map((entry) => entry.item));
        batch.forEach((entry, i) => entry.resolve(results[i] as R));
      } catch (error) {
        // A database that cannot write fails every item alike: answer them all now rather than
        // retry each (on SQLite each retry would wait out another process's lock again).
        if (isDatabaseUnavailable(error)) {
          for (const entry of batch) entry.reject(error);
          continue;
        }
        // One bad item must not sink the others: write them one by one to find it.
        for (const entry of batch) {
          try {
            const [result] = await write([entry.item]);
            entry.resolve(result as R);
          } catch (error) {
            entry.reject(error);
          }
        }
      } finally {
        writing -= batch.length;
      }
    }
    running -= 1;
  }

  function start() {
    if (scheduled || running >= concurrency) return;
    scheduled = true;
    // Let the other messages already read from the sockets join this batch.
    setImmediate(() => {
      scheduled = false;
      if (queue.length === 0 || running >= concurrency) return;
      running += 1;
      void drain();
    });
  }

  const commit = (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      start();
    });
  // How many items wait for their commit, queued or being written: the writer's backlog,
  // read by the metrics (decision 079).
  return Object.assign(commit, { waiting: () => queue.length + writing });
}
