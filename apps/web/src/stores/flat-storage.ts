import { isRecord } from '@/lib/is-record';
/**
 * The session's fields live at the top level of the key (`{"access_token": …, "cart": […]}`),
 * where any client reading the documented key finds them. Earlier releases wrote zustand's
 * `{"state": {…}, "version": 0}` wrapper: such a value reads as WRAPPED_VERSION, and the store
 * writes it back flat on the first load, so no customer loses a cart. A value that is not JSON
 * reads as nothing, and the next change overwrites it.
 */
export const WRAPPED_VERSION = 0;
export const FLAT_VERSION = 1;

export interface StoredValue {
  state: unknown;
  version: number;
}

/** Reads the stored value in either shape; the fields themselves are checked by the store. */
export function readStored(raw: string | null): StoredValue | null {
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
 * The session's storage, or undefined when the browser refuses it (private modes, blocked
 * cookies): the session then lives in memory only.
 */
export function availableStorage(getStorage: () => Storage): Storage | undefined {
  try {
    return getStorage();
  } catch {
    return undefined;
  }
}

/** Writes the fields flat; a full or blocked storage must not break adding to the cart. */
export function writeFlat(storage: Storage | undefined, name: string, state: unknown): void {
  try {
    storage?.setItem(name, JSON.stringify(state));
  } catch {
    // The state stays in memory.
  }
}
