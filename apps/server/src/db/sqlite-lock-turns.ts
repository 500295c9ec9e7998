// Who is waiting for an SQLite file's write lock, counted across this process's threads
// (decision 097). The orders' writer thread writes its batches back to back at a rush; between
// two of them the lock is free for microseconds, and a connection that tries for it every few
// milliseconds (the event loop's, decision 094; Informes' catch-up) would rarely find it free.
// A waiting connection counts itself here, and the writer gives way before its next transaction.
import { resolve } from 'node:path';

export interface LockTurns {
  /** The count's memory, for a thread that opens the same file (workerData). */
  shared: SharedArrayBuffer;
  /** Counts this connection among the waiting until the answered `done` is called, once. */
  wait(): () => void;
  /**
   * Blocks this thread while another connection waits for the lock, up to `maxMs`. For a thread
   * that writes back to back; never the event loop, which must not block.
   */
  giveWay(maxMs: number): void;
}

const byFile = new Map<string, SharedArrayBuffer>();

/**
 * The count of `file`'s waiting connections in this thread: the one the process's first
 * connection to it made, or `shared` when a thread is handed that one.
 */
export function lockTurnsOf(file: string, shared?: SharedArrayBuffer): LockTurns {
  const key = file === ':memory:' ? null : resolve(file);
  const memory = shared ?? (key === null ? undefined : byFile.get(key)) ?? new SharedArrayBuffer(4);
  if (key) byFile.set(key, memory);
  return lockTurns(memory);
}

function lockTurns(shared: SharedArrayBuffer): LockTurns {
  const count = new Int32Array(shared);
  return {
    shared,
    wait() {
      Atomics.add(count, 0, 1);
      return () => {
        Atomics.sub(count, 0, 1);
        Atomics.notify(count, 0);
      };
    },
    giveWay(maxMs) {
      const deadline = performance.now() + maxMs;
      for (let waiting = Atomics.load(count, 0); waiting > 0; waiting = Atomics.load(count, 0)) {
        const left = deadline - performance.now();
        if (left <= 0) return;
        Atomics.wait(count, 0, waiting, left);
      }
    },
  };
}
