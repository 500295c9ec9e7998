import { describe, expect, it } from 'vitest';
import { batchedLookup } from '../../src/lib/batched-lookup';

/** A store whose loads are recorded and can be held open, to ask more keys meanwhile. */
function store(initial: Record<number, string>) {
  const data = new Map(Object.entries(initial).map(([k, v]) => [Number(k), v]));
  const loads: number[][] = [];
  let gate: Promise<void> = Promise.resolve();
  const lookup = batchedLookup(async (keys: number[]) => {
    loads.push(keys);
    const snapshot = new Map(keys.filter((k) => data.has(k)).map((k) => [k, data.get(k)!]));
    await gate;
    return snapshot;
  });
  return { data, loads, lookup, hold: (until: Promise<void>) => (gate = until) };
}

describe('batchedLookup', () => {
  it('answers the keys asked together with one load, each key once, unknown keys undefined', async () => {
    const s = store({ 1: 'uno', 2: 'dos' });
    expect(await Promise.all([s.lookup(1), s.lookup(2), s.lookup(1), s.lookup(3)])).toEqual([
      'uno',
      'dos',
      'uno',
      undefined,
    ]);
    expect(s.loads).toEqual([[1, 2, 3]]);
  });

  it('never answers a key with a load that started before it was asked', async () => {
    const s = store({ 1: 'vivo' });
    let release!: () => void;
    s.hold(new Promise((resolve) => (release = resolve)));
    const first = s.lookup(1);
    await new Promise((resolve) => setImmediate(resolve)); // the first load is now running
    s.data.set(1, 'revocado');
    const second = s.lookup(1);
    s.hold(Promise.resolve());
    release();
    expect(await first).toBe('vivo');
    expect(await second).toBe('revocado');
    expect(s.loads).toEqual([[1], [1]]);
  });

  it('fails only the callers of a failed load; the next ones are served', async () => {
    let fail = true;
    const lookup = batchedLookup(async (keys: number[]) => {
      if (fail) throw new Error('db down');
      return new Map(keys.map((k) => [k, k * 10]));
    });
    await expect(Promise.all([lookup(1), lookup(2)])).rejects.toThrow('db down');
    fail = false;
    expect(await lookup(2)).toBe(20);
  });
});
