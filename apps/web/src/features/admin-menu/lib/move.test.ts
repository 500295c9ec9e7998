import { describe, expect, it } from 'vitest';
import { inPendingOrder, moveItem } from './move';

describe('moveItem', () => {
  it('takes an item out and puts it back at its new place, either way', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list as it was for a place outside it, and never changes its input', () => {
    const items = ['a', 'b'];
    expect(moveItem(items, 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(items, 1, 2)).toEqual(['a', 'b']);
    expect(moveItem(items, 0, 1)).toEqual(['b', 'a']);
    expect(items).toEqual(['a', 'b']);
  });
});

describe('inPendingOrder', () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it('shows the order on its way to the server', () => {
    expect(inPendingOrder(rows, [3, 1, 2]).map((row) => row.id)).toEqual([3, 1, 2]);
  });

  it('keeps the list when nothing is pending or the order no longer matches it', () => {
    expect(inPendingOrder(rows, undefined)).toBe(rows);
    expect(inPendingOrder(rows, [3, 1])).toBe(rows);
    expect(inPendingOrder(rows, [3, 1, 9])).toBe(rows);
  });
});
