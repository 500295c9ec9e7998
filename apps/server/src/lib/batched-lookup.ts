/**
 * Coalesces lookups by key that arrive together into one query: keys asked while a query runs
 * wait for the next one. Unlike a cache, every answer is read after it was asked, so a change
 * committed before the ask is always seen. Under load this turns one query per message into one
 * per batch of messages (the same shape as the orders' group commit).
 */
export function batchedLookup<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 500) {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  const pending = new Map<K, Waiter[]>();
  let running = false;

  async function drain() {
    while (pending.size > 0) {
      const batch = new Map<K, Waiter[]>();
      for (const [key, waiters] of pending) {
        if (batch.size >= maxBatch) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) pending.delete(key);
      try {
        const found = await load([...batch.keys()]);
        for (const [key, waiters] of batch)
          for (const waiter of waiters) waiter.resolve(found.get(key));
      } catch (error) {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
  }

  return (key: K): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (!running) {
        running = true;
        // Let the other messages already read from the sockets join this batch.
        setImmediate(() => void drain());
      }
    });
}
