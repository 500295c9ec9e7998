import type { Promotion } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { promotionsFor } from '../../src/lib/promotion-rules';

// The rules in force are read once a minute per branch (placement asks for every order); what a
// reading answers must be what each instant of that minute would, and a changed list is read anew.

const rule = (id: number, changes: Partial<Promotion> = {}): Promotion => ({
  id,
  title: `Regla ${id}`,
  kind: 'percent',
  buy: null,
  pay: null,
  percent: 10,
  amount: null,
  price: null,
  min_order: null,
  product_ids: [1],
  category_ids: [],
  days: [0, 1, 2, 3, 4, 5, 6],
  from: '18:00',
  to: '22:00',
  branch_ids: [],
  starts_on: null,
  ends_on: null,
  per_customer_limit: null,
  stacks_with_code: true,
  active: true,
  ...changes,
});

const none = new Map<number, number>();
// Bogotá is UTC−5 all year: 18:00 there is 23:00 UTC.
const at = (utc: string) => new Date(utc);
const ids = (rules: Promotion[]) => rules.map((r) => r.id);

describe('the promotions in force', () => {
  it('starts a window at its first minute, however the minute before was read', () => {
    const rules = [rule(1), rule(2, { from: '17:00', to: '17:45' })];
    const read = (utc: string) =>
      ids(promotionsFor(rules, { branchId: 1, at: at(utc), used: none }));
    expect(read('2026-12-03T22:44:00.000Z')).toEqual([2]);
    expect(read('2026-12-03T22:44:59.999Z')).toEqual([2]);
    expect(read('2026-12-03T22:45:00.000Z')).toEqual([]);
    expect(read('2026-12-03T23:00:00.000Z')).toEqual([1]);
    expect(read('2026-12-03T23:00:59.000Z')).toEqual([1]);
  });

  it('reads each branch for itself in the same minute', () => {
    const rules = [rule(1, { branch_ids: [2] }), rule(2)];
    const when = at('2026-12-03T23:30:00.000Z');
    expect(ids(promotionsFor(rules, { branchId: 1, at: when, used: none }))).toEqual([2]);
    expect(ids(promotionsFor(rules, { branchId: 2, at: when, used: none }))).toEqual([1, 2]);
  });

  it('reads a changed list anew, and leaves out what the customer used up', () => {
    const when = at('2026-12-03T23:30:00.000Z');
    const before = [rule(1), rule(2)];
    expect(ids(promotionsFor(before, { branchId: 1, at: when, used: none }))).toEqual([1, 2]);
    const after = [rule(1, { active: false }), rule(2, { per_customer_limit: 1 })];
    expect(ids(promotionsFor(after, { branchId: 1, at: when, used: none }))).toEqual([2]);
    expect(ids(promotionsFor(after, { branchId: 1, at: when, used: new Map([[2, 1]]) }))).toEqual(
      [],
    );
  });
});
