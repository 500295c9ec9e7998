import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../src/lib/authorization';
import {
  createSessionCache,
  type CachedSession,
} from '../../../src/modules/accounts/session-cache';

// The session cache's own rules (decision 048), on a clock of the test's: bounded, least recently
// used out first, used for its TTL at most, and never storing a lookup that began before something
// was forgotten. Its invalidation across nodes is test/system/session-cache.test.ts.
const entry = (userId: number, sessionId = userId): CachedSession => ({
  user: {
    id: userId,
    name: 'X',
    email: 'x@ejemplo.co',
    phone: '3000000000',
    role: 'customer',
    branch_ids: [],
    second_factor: 'not_needed',
    second_factor_grace_until: null,
    sessionId,
  } satisfies SessionUser,
  times: { session_id: sessionId, createdMs: 0, lastUsedMs: 0, expiresMs: 1e13 },
});

function cacheAt(maxEntries = 3, ttlMs = 1000) {
  let clock = 0;
  const cache = createSessionCache({ maxEntries, ttlMs, now: () => clock });
  return { cache, tick: (ms: number) => (clock += ms) };
}

describe('the session cache', () => {
  it('holds at most its size, dropping the least recently used', () => {
    const { cache } = cacheAt(2);
    cache.set('a', entry(1), cache.generation());
    cache.set('b', entry(2), cache.generation());
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('c', entry(3), cache.generation());
    expect(cache.size()).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.user.id).toBe(1);
    expect(cache.get('c')?.user.id).toBe(3);
  });

  it('uses an entry for its TTL at most', () => {
    const { cache, tick } = cacheAt();
    cache.set('a', entry(1), cache.generation());
    tick(999);
    expect(cache.get('a')).toBeDefined();
    tick(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every session of a user, and no one else’s', () => {
    const { cache } = cacheAt(10);
    cache.set('a', entry(1, 10), cache.generation());
    cache.set('b', entry(1, 11), cache.generation());
    cache.set('c', entry(2, 12), cache.generation());
    cache.forgetUsers([1]);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('does not store a lookup that began before a forgetting', () => {
    const { cache } = cacheAt();
    const begun = cache.generation();
    // The lookup reads the database; meanwhile the session is revoked and forgotten.
    cache.forgetUsers([1]);
    cache.set('a', entry(1), begun);
    expect(cache.get('a')).toBeUndefined();
  });

  it('is neither read nor written while its gate says no', () => {
    const { cache } = cacheAt();
    let open = true;
    cache.gate(() => open);
    cache.set('a', entry(1), cache.generation());
    open = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', entry(2), cache.generation());
    open = true;
    expect(cache.get('b')).toBeUndefined();
  });

  it('is off with no entries or no TTL', () => {
    for (const { cache } of [cacheAt(0, 1000), cacheAt(10, 0)]) {
      cache.set('a', entry(1), cache.generation());
      expect(cache.get('a')).toBeUndefined();
      expect(cache.usable()).toBe(false);
    }
  });
});
