/**
 * Work a request hands off instead of doing before it answers (decision 076: the answer must not
 * take longer when the work finds more to do). The node runs it one task at a time, in order,
 * after the answer has gone. It lives in memory: a task lost with the process is one the client
 * can ask for again (a reset link), never one the answer promised as done.
 */
export interface Background {
  /** Queues `task`; false when the queue is full and the task was dropped. */
  push(task: () => Promise<void>): boolean;
  /** Resolves once everything queued so far has run (tests, and the app's close). */
  idle(): Promise<void>;
}

export interface BackgroundOptions {
  /** Told what a task threw; the next task runs anyway. */
  onError: (error: unknown) => void;
  /** Tasks waiting at most; past it new ones are dropped (a flood does not grow the heap). */
  limit?: number;
}

export function createBackground({ onError, limit = 1000 }: BackgroundOptions): Background {
  const queue: (() => Promise<void>)[] = [];
  let running: Promise<void> | null = null;

  const drain = async () => {
    // After the I/O callbacks of this turn: the request's answer is written first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let task = queue.shift(); task; task = queue.shift()) {
      try {
        await task();
      } catch (error) {
        onError(error);
      }
    }
  };
  const start = () => {
    running = drain().finally(() => {
      running = null;
      // A task pushed between the last shift and now.
      if (queue.length > 0) start();
    });
  };

  return {
    push(task) {
      if (queue.length >= limit) return false;
      queue.push(task);
      if (!running) start();
      return true;
    },
    async idle() {
      while (running) await running;
    },
  };
}
