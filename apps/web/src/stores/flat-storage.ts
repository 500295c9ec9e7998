import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * zustand `persist` storage that keeps the session's fields at the top level of the key
 * (`{"access_token": …, "cart": […]}`), where any client reading the documented key finds them,
 * instead of zustand's own `{"state": {…}, "version": 0}` wrapper.
 *
 * Versions exist only between this adapter and `persist`: the flat shape is FLAT_VERSION, and a
 * value still in the wrapper (written by earlier releases) reads as WRAPPED_VERSION, so `persist`
 * migrates it and writes it back flat on the first load; no customer loses a cart. A value that is
 * not JSON reads as nothing, and the next change overwrites it.
 */
export const WRAPPED_VERSION = 0;
export const FLAT_VERSION = 1;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the stored value in either shape; the fields themselves are checked by the store. */
export function readStored(raw: string | null): StorageValue<unknown> | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (isRecord(parsed) && isRecord(parsed.state) && 'version' in parsed) {
    return { state: parsed.state, version: WRAPPED_VERSION };
  }
  return { state: parsed, version: FLAT_VERSION };
}

/**
 * The adapter over `getStorage()`, or undefined when the browser refuses storage (as zustand's own
 * `createJSONStorage` does): the session then lives in memory only.
 */
export function flatStorage<S>(getStorage: () => Storage): PersistStorage<S> | undefined {
  let storage: Storage;
  try {
    storage = getStorage();
  } catch {
    return undefined;
  }
  return {
    // The store sanitises whatever comes back, so handing it `unknown` as S is safe here.
    getItem: (name) => readStored(storage.getItem(name)) as StorageValue<S> | null,
    setItem: (name, value) => {
      try {
        storage.setItem(name, JSON.stringify(value.state));
      } catch {
        // A full or blocked storage must not break adding to the cart; the state stays in memory.
      }
    },
    removeItem: (name) => storage.removeItem(name),
  };
}
