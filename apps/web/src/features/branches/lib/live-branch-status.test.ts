import type { Branch } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { isBranchStatusChange, withBranchStatus } from './live-branch-status';

const branch = (id: number): Branch => ({
  id,
  slug: `b-${id}`,
  title: `Sede ${id}`,
  address: '',
  phone: '',
  city: 'Bogotá',
  opening_hours: [],
  opening_exceptions: [],
  open_now: true,
  accepting_orders: true,
  resumes_at: null,
  closed: null,
  prep_minutes: 20,
  rush_minutes: 0,
  eta: { pickup: [20, 30] },
  pickup: { available: true },
  delivery: { available: false, neighbourhoods: [], zones: [] },
});

describe('withBranchStatus', () => {
  it('pauses only the branch the event names, with its resume time', () => {
    const next = withBranchStatus([branch(1), branch(2)], {
      branch_id: 2,
      accepting_orders: false,
      resumes_at: '2026-11-23T18:30:00.000Z',
    });
    expect(next[0]).toEqual(branch(1));
    expect(next[1]).toMatchObject({
      id: 2,
      accepting_orders: false,
      resumes_at: '2026-11-23T18:30:00.000Z',
      prep_minutes: 20,
    });
  });
});

describe('isBranchStatusChange', () => {
  it('accepts the event and refuses anything else', () => {
    expect(isBranchStatusChange({ branch_id: 2, accepting_orders: true, resumes_at: null })).toBe(
      true,
    );
    expect(isBranchStatusChange({ branch_id: 2, accepting_orders: 'no', resumes_at: null })).toBe(
      false,
    );
    expect(isBranchStatusChange({ branch_id: 2, accepting_orders: true })).toBe(false);
  });
});
