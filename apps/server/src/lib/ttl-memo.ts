/**
 * Remembers an async lookup per key for `ttlMs`. For reference data that changes rarely and
 * whose brief staleness is harmless (a branch's hours, the payment types); never for prices or
 * availability. Failed lookups are not remembered.
 */
export function ttlMemo<K extends string | number, V>(
  ttlMs: number,
  load: (key: K) => Promise<V>,
  now: () => number = Date.now,
) {
  const entries = new Map<K, { expiresAt: number; value: Promise<V> }>();
  const get = (key: K): Promise<V> => {
    const at = now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > at) return hit.value;
    if (entries.size > 10_000) entries.clear();
    const value = load(key);
    const entry = { expiresAt: at + ttlMs, value };
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
  /** Drops what is remembered for `key`, when its data is known to have changed. */
  const forget = (key: K): void => {
    entries.delete(key);
  };
  /** Drops everything remembered, when any of it may have changed (a change wider than one key). */
  const clear = (): void => {
    entries.clear();
  };
  return Object.assign(get, { forget, clear });
}
