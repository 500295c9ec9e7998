import { open } from 'node:fs/promises';

/** Flushes a file's written data to the disk on libuv's thread pool (fdatasync). */
async function datasyncFile(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r+');
  } catch (error) {
    // No WAL yet (nothing written since the last checkpoint reset it): nothing to flush.
    if ((error as { code?: unknown }).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * Makes what the event loop's SQLite connection committed durable, off the event loop (decision
 * 053): that connection commits with synchronous=NORMAL, which writes the WAL without waiting for
 * the disk. `sync()` answers once every commit made before it was called is on the disk: one
 * fdatasync of the WAL file serves every caller waiting for it (a group commit for the writes
 * of a burst), and a caller that comes while one runs waits for the next.
 */
export function walSync(file: string, datasync: (path: string) => Promise<void> = datasyncFile) {
  const wal = `${file}-wal`;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  const run = (): Promise<void> => {
    const flushing = datasync(wal).finally(() => {
      if (running === flushing) running = null;
    });
    running = flushing;
    return flushing;
  };

  return function sync(): Promise<void> {
    if (!running) return run();
    // The one running may have started before this caller's commit: it waits for the next.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return run();
      });
    return next;
  };
}

export type WalSync = ReturnType<typeof walSync>;
