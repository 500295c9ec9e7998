import { describe, expect, it } from 'vitest';
import { mergeThreeWay, resolveMerge } from './three-way-merge';

const base = { title: 'Bowl', price: '18000', note: 'a' };
const fields = ['title', 'price', 'note'] as const;

describe('mergeThreeWay', () => {
  it('keeps what only you changed and takes what only they changed, without asking', () => {
    const merge = mergeThreeWay(fields, {
      base,
      yours: { ...base, title: 'Bowl picante' },
      theirs: { ...base, price: '19000' },
    });
    expect(merge.merged).toEqual({ title: 'Bowl picante', price: '19000', note: 'a' });
    expect(merge.taken).toEqual(['price']);
    expect(merge.conflicts).toEqual([]);
  });

  it('asks about a field both changed differently, and not about one both changed alike', () => {
    const merge = mergeThreeWay(fields, {
      base,
      yours: { ...base, title: 'Mío', note: 'igual' },
      theirs: { ...base, title: 'Suyo', note: 'igual' },
    });
    expect(merge.conflicts).toEqual(['title']);
    expect(merge.taken).toEqual([]);
    expect(merge.merged.title).toBe('Mío');
  });

  it('resolves each conflict as the admin chose', () => {
    const theirs = { ...base, title: 'Suyo', price: '20000' };
    const merge = mergeThreeWay(fields, {
      base,
      yours: { ...base, title: 'Mío', price: '21000' },
      theirs,
    });
    expect(resolveMerge(merge, theirs, new Set(['title'] as const))).toEqual({
      title: 'Suyo',
      price: '21000',
      note: 'a',
    });
    expect(resolveMerge(merge, theirs, new Set())).toMatchObject({ title: 'Mío', price: '21000' });
  });

  it('compares with the given rule (values that differ only in ids the editor makes up)', () => {
    const withKey = (key: string, title: string) => ({ ...base, note: `${key}:${title}` });
    const same = (field: string, a: string, b: string) =>
      field === 'note' ? a.split(':')[1] === b.split(':')[1] : a === b;
    const merge = mergeThreeWay(
      fields,
      { base: withKey('k1', 'x'), yours: withKey('k2', 'x'), theirs: withKey('k3', 'y') },
      same,
    );
    expect(merge.taken).toEqual(['note']);
    expect(merge.merged.note).toBe('k3:y');
  });
});
