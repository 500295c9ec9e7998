/**
 * Reads `read` until `done` holds and returns what it read, or fails after `timeoutMs` with what
 * it last read: how a test waits for something that happens by itself (decision 067), instead of
 * sleeping for a time it hopes is long enough.
 */
export async function until<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 5000, everyMs = 5 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
