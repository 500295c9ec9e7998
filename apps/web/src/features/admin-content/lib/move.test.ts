import { describe, expect, it } from 'vitest';
import { moved } from './move';

describe('moved', () => {
  const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('swaps an item with its neighbour', () => {
    expect(moved(items, 1, -1)).toEqual([2, 1, 3]);
    expect(moved(items, 1, 1)).toEqual([1, 3, 2]);
  });
  it('keeps the order at either end', () => {
    expect(moved(items, 0, -1)).toEqual([1, 2, 3]);
    expect(moved(items, 2, 1)).toEqual([1, 2, 3]);
  });
});
