import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../../src/modules/orders/writing/group-commit';

describe('groupCommit', () => {
  it('writes items that arrive together in one batch and answers each its own result', async () => {
    const batches: number[][] = [];
    const write = groupCommit(async (batch: number[]) => {
      batches.push(batch);
      return batch.map((n) => n * 10);
    });
    const results = await Promise.all([1, 2, 3].map((n) => write(n)));
    expect(results).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('lets items that arrive during a write wait for the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const write = groupCommit(async (batch: number[]) => {
      batches.push(batch);
      if (batches.length === 1) await gate;
      return batch;
    });
    const first = write(1);
    await new Promise((r) => setImmediate(r));
    const later = [write(2), write(3)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('with two writers, starts a second batch while the first is still writing, never a third', async () => {
    const batches: number[][] = [];
    let inFlight = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const write = groupCommit(
      async (batch: number[]) => {
        batches.push(batch);
        most = Math.max(most, ++inFlight);
        await new Promise<void>((resolve) => gates.push(resolve));
        inFlight--;
        return batch;
      },
      200,
      2,
    );
    const tick = () => new Promise((r) => setImmediate(r));
    const first = write(1);
    await tick();
    const second = write(2);
    await tick();
    const third = write(3);
    await tick();
    expect(batches).toEqual([[1], [2]]);
    gates.shift()!();
    await tick();
    gates.shift()!();
    await tick();
    gates.shift()!();
    expect(await Promise.all([first, second, third])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2], [3]]);
    expect(most).toBe(2);
  });

  it('isolates a failing item: the others of its batch still succeed', async () => {
    const write = groupCommit(async (batch: number[]) => {
      if (batch.includes(2)) throw new Error('bad item');
      return batch;
    });
    const settled = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('fails a whole batch at once when the database cannot write, without retrying item by item', async () => {
    let writes = 0;
    const locked = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const write = groupCommit(async (_batch: number[]): Promise<number[]> => {
      writes++;
      throw locked;
    });
    const settled = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(writes).toBe(1);
  });
});
