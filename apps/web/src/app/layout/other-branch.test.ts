import type { Branch, CoverageEntry } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { distanceKm, nearestFirst } from '@/features/branches/lib/nearest';
import { otherDeliveryBranch, otherPickupBranch } from './other-branch';

const branch = (id: number, over: Partial<Branch> = {}): Branch => ({
  id,
  slug: `sede-${id}`,
  title: `Sede ${id}`,
  address: '',
  phone: '',
  city: 'Bogotá',
  location: null,
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
  delivery: { available: true, neighbourhoods: [], zones: [] },
  ...over,
});
const entry = (id: number, accepting_orders: boolean): CoverageEntry => ({
  branch: { id, title: `Sede ${id}` },
  neighbourhood: 'Chicó',
  fee: 0,
  min_order: 0,
  eta_min: 30,
  eta_max: 45,
  accepting_orders,
  open_now: true,
  resumes_at: null,
  closed: null,
  paused: null,
});

// Bogotá's Calle 100, Chicó and Kennedy, roughly: the demo chain's three Bogotá branches.
const north = { lat: 4.7432, lng: -74.0689 };
const middle = { lat: 4.6766, lng: -74.0483 };
const south = { lat: 4.6534, lng: -74.1151 };

describe('distanceKm', () => {
  it('measures the great circle: about 7.7 km from the north to the middle', () => {
    expect(distanceKm(north, middle)).toBeCloseTo(7.74, 1);
    expect(distanceKm(north, north)).toBe(0);
  });
});

describe('nearestFirst', () => {
  it('sorts by distance from the point, places unknown last, and keeps the order without a point', () => {
    const list = [branch(1, { location: south }), branch(2), branch(3, { location: middle })];
    expect(nearestFirst(list, north).map((b) => b.id)).toEqual([3, 1, 2]);
    expect(nearestFirst(list, null).map((b) => b.id)).toEqual([1, 2, 3]);
  });
});

describe('otherPickupBranch', () => {
  const paused = branch(1, { location: north, accepting_orders: false });
  const list = [
    paused,
    branch(2, { location: south }),
    branch(3, { location: middle }),
    branch(4, { location: north, pickup: { available: false } }),
    branch(5, { location: north, accepting_orders: false }),
  ];

  it('offers the open pickup branch nearest the paused one, or the customer when known', () => {
    expect(otherPickupBranch(list, paused, null)?.id).toBe(3);
    expect(otherPickupBranch(list, paused, south)?.id).toBe(2);
  });

  it('offers the first open one when nothing has a place, and none when none is open', () => {
    const unplaced = list.map((each) => ({ ...each, location: null }));
    expect(otherPickupBranch(unplaced, { ...paused, location: null }, null)?.id).toBe(2);
    expect(otherPickupBranch([paused, list[4]!], paused, null)).toBeNull();
  });
});

describe('otherDeliveryBranch', () => {
  it('offers the first branch that reaches the place and takes orders, never the paused one', () => {
    const branches = [branch(1), branch(2), branch(3)];
    const coverage = [entry(3, false), entry(1, true), entry(2, true)];
    expect(otherDeliveryBranch(coverage, branches, 1)?.branch.id).toBe(2);
    expect(otherDeliveryBranch([entry(1, true), entry(3, false)], branches, 1)).toBeNull();
  });
});
