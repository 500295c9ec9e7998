/**
 * `work` one run at a time on this node. A caller arriving while a run is going gets the next
 * run, which starts when that one ends, so it sees every change committed before it asked; the
 * callers waiting for that next run share it.
 */
export function serialRunner<T>(work: () => Promise<T>) {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<T> | null = null;
  const run = (): Promise<T> => {
    if (waiting) return waiting;
    const next = tail
      .catch(() => undefined)
      .then(() => {
        waiting = null;
        return work();
      });
    waiting = next;
    tail = next;
    return next;
  };
  /** Runs `other` after everything asked for so far, alone (the rebuild). */
  const exclusive = <U>(other: () => Promise<U>): Promise<U> => {
    const next = tail.catch(() => undefined).then(other);
    tail = next;
    return next;
  };
  /** Resolves once the runs asked for so far have ended (closing the app). */
  const idle = () =>
    tail.then(
      () => undefined,
      () => undefined,
    );
  return { run, exclusive, idle };
}
