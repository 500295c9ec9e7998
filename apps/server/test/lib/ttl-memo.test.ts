import { describe, expect, it } from 'vitest';
import { ttlMemo } from '../../src/lib/ttl-memo';

describe('ttlMemo', () => {
  it('loads once per key within the TTL, again after it, and forgets failures', async () => {
    let now = 0;
    const calls: number[] = [];
    let fail = false;
    const memo = ttlMemo(
      1000,
      async (key: number) => {
        calls.push(key);
        if (fail) throw new Error('down');
        return key * 2;
      },
      () => now,
    );

    expect(await memo(1)).toBe(2);
    expect(await memo(1)).toBe(2);
    expect(await memo(2)).toBe(4);
    expect(calls).toEqual([1, 2]);
    now = 1001;
    expect(await memo(1)).toBe(2);
    expect(calls).toEqual([1, 2, 1]);

    fail = true;
    now = 3000;
    await expect(memo(1)).rejects.toThrow('down');
    fail = false;
    expect(await memo(1)).toBe(2);
  });

  it('loads again at once after forget(key), leaving other keys remembered', async () => {
    const calls: number[] = [];
    const memo = ttlMemo(60_000, async (key: number) => {
      calls.push(key);
      return calls.length;
    });
    expect(await memo(1)).toBe(1);
    expect(await memo(2)).toBe(2);
    memo.forget(1);
    expect(await memo(1)).toBe(3);
    expect(await memo(2)).toBe(2);
    expect(calls).toEqual([1, 2, 1]);
  });

  it('loads every key again after clear()', async () => {
    const calls: number[] = [];
    const memo = ttlMemo(60_000, async (key: number) => {
      calls.push(key);
      return calls.length;
    });
    await memo(1);
    await memo(2);
    memo.clear();
    expect(await memo(1)).toBe(3);
    expect(await memo(2)).toBe(4);
    expect(calls).toEqual([1, 2, 1, 2]);
  });
});
