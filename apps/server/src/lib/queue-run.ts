/**
 * What the node's queue senders (mail's outbox, the print queue, refunds) share: one delivery
 * run at a time per node, and the wait before a failed item is tried again.
 */

/** A node's delivery in progress: calls while one runs share it. */
export interface QueueRun<T> {
  running: Promise<T> | null;
  /** A call during a run may be about an item the run's last claim already missed: run again. */
  again: boolean;
}

export const idleRun = <T>(): QueueRun<T> => ({ running: null, again: false });

/**
 * Runs `pass` until a pass ends with no call having come in during it, and answers the passes'
 * sum. A call while a run is going joins it (and asks for one more pass), so a timer and a nudge
 * never deliver side by side on one node.
 */
export function runPasses(run: QueueRun<number>, pass: () => Promise<number>): Promise<number> {
  if (run.running) {
    run.again = true;
    return run.running;
  }
  const passes = async () => {
    let done = 0;
    do {
      run.again = false;
      done += await pass();
    } while (run.again);
    return done;
  };
  run.running = passes().finally(() => {
    run.running = null;
  });
  return run.running;
}

/** The wait after the `attempts`-th failure: `baseMs`, doubled after each, at most `maxMs`. */
export const backoffDelay = (attempts: number, baseMs: number, maxMs: number): number =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
