/**
 * What sockets asked this node for and still wait to hear back (an order to place): a stop lets
 * it finish and answer before the connections close (decision 078). Once the stop has begun, new
 * requests are not taken: the connection is about to close, and the client sends what it has not
 * had answered again, same id, on its next connection, to another node (as after a lost packet).
 */
export interface SocketWork {
  /** Runs `task` and keeps it until it settles; false (not run) once the node is stopping. */
  take(task: () => Promise<unknown>): boolean;
  /** Takes nothing more, and resolves once everything taken has settled. */
  finish(): Promise<void>;
  /** How many are running now (a test, a metric). */
  inFlight(): number;
}

export function socketWork(): SocketWork {
  const running = new Set<Promise<unknown>>();
  let stopping = false;
  return {
    take(task) {
      if (stopping) return false;
      const settled: Promise<unknown> = task()
        .catch(() => undefined)
        .finally(() => running.delete(settled));
      running.add(settled);
      return true;
    },
    async finish() {
      stopping = true;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    inFlight: () => running.size,
  };
}
