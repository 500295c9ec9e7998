/**
 * Remembers an async lookup per key for `ttlMs`. For reference data that changes rarely and
 * whose brief staleness is harmless (a branch's hours, the payment types); never for prices or
 * availability. Failed lookups are not remembered.
 */
export function ttlMemo<K extends string | number, V>(ttlMs: number, load: (key: K) => Promise<V>, now: () => number = Date.now) {
  const entries = new Map<K, { expiresAt: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const at = now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > at) return hit.value;
    if (entries.size > 10_000) entries.clear();
    const value = load(key);
    entries.set(key, { expiresAt: at + ttlMs, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}
