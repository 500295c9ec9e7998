import type { SessionUser } from '../../lib/authorization';

/**
 * When a remembered session stops being live, checked on every use as the database would: in
 * milliseconds since the epoch, read once from its row (sessions.ts `timesOf`), since every
 * request and every order with a remembered token checks them.
 */
export interface SessionTimes {
  session_id: number;
  createdMs: number;
  /** Its creation when it was never used since. */
  lastUsedMs: number;
  expiresMs: number;
}

/** What one token's lookup found: its user as authorization sees it, and its session's times. */
export interface CachedSession {
  user: Readonly<SessionUser>;
  times: SessionTimes;
}

interface Stored {
  value: CachedSession;
  storedAt: number;
}

/**
 * A bounded, short-lived memory of token lookups (decision 048), keyed by the token's hash.
 * Least recently used entries go first once `maxEntries` are held; an entry is used for `ttlMs`
 * at most. Every forgetting bumps a generation: a lookup that read the database before a
 * forgetting is not stored after it (it may have read what was just changed). While `usable()`
 * says no (the node cannot hear the other nodes' invalidations) nothing is read or stored.
 */
export function createSessionCache(options: {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Stored>();
  const byUser = new Map<number, Set<string>>();
  let generation = 0;
  let usable: () => boolean = () => true;
  const enabled = options.maxEntries > 0 && options.ttlMs > 0;

  const drop = (tokenHash: string) => {
    const stored = entries.get(tokenHash);
    if (!stored) return;
    entries.delete(tokenHash);
    const hashes = byUser.get(stored.value.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byUser.delete(stored.value.user.id);
  };

  return {
    enabled,
    /** The remembered lookup of a token hash, or undefined (none, too old, or not usable now). */
    get(tokenHash: string): CachedSession | undefined {
      if (!enabled || !usable()) return undefined;
      const stored = entries.get(tokenHash);
      if (!stored) return undefined;
      if (now() - stored.storedAt >= options.ttlMs) {
        drop(tokenHash);
        return undefined;
      }
      // Most recently used last: the Map's order is the eviction order.
      entries.delete(tokenHash);
      entries.set(tokenHash, stored);
      return stored.value;
    },
    /** Taken before a lookup reads the database; `set` needs it back. */
    generation: () => generation,
    /** Remembers a lookup, unless something was forgotten since it began (`begun`). */
    set(tokenHash: string, value: CachedSession, begun: number) {
      if (!enabled || begun !== generation || !usable()) return;
      drop(tokenHash);
      entries.set(tokenHash, { value, storedAt: now() });
      const hashes = byUser.get(value.user.id) ?? new Set<string>();
      hashes.add(tokenHash);
      byUser.set(value.user.id, hashes);
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value as string;
        drop(oldest);
      }
    },
    /** Forgets every remembered session of these users. */
    forgetUsers(userIds: readonly number[]) {
      generation += 1;
      for (const userId of userIds) for (const hash of [...(byUser.get(userId) ?? [])]) drop(hash);
    },
    /** Forgets everything (a chain-wide change, or invalidations this node may have missed). */
    clear() {
      generation += 1;
      entries.clear();
      byUser.clear();
    },
    size: () => entries.size,
    /** Whether the cache may be used now (set once, by the node's invalidation channel). */
    gate(check: () => boolean) {
      usable = check;
    },
    usable: () => enabled && usable(),
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
