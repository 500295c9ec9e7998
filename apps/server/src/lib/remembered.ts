/** What `remembered` keeps: one read at a time, until it is forgotten. */
export interface Remembered<T> {
  /** The kept read, or a new one when none is kept. */
  get(): Promise<T>;
  /** Drops the kept read: the next `get` reads again. */
  forget(): void;
}

/**
 * A promise kept until `forget`, and forgotten too if it fails (the next caller reads again):
 * for what every request reads and only a change makes stale (the brand, the menu's dayparts).
 */
export function remembered<T>(read: () => Promise<T>): Remembered<T> {
  let kept: Promise<T> | null = null;
  return {
    get() {
      if (!kept) {
        const reading = read();
        kept = reading;
        reading.catch(() => {
          if (kept === reading) kept = null;
        });
      }
      return kept;
    },
    forget() {
      kept = null;
    },
  };
}
