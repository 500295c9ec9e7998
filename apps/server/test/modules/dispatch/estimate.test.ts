import { describe, expect, it } from 'vitest';
import { legMinutes } from '../../../src/modules/dispatch/delivery-leg';
import {
  arrivalRange,
  distanceKm,
  returnsAt,
  stopArrivals,
} from '../../../src/modules/dispatch/eta';

// The couriers' part of a promise and the live arrival (decision 068), as pure functions.

const MINUTE = 60_000;
const now = Date.UTC(2026, 11, 2, 19, 0);

describe('the leg from ready to the door', () => {
  it('is the zone alone without couriers on shift, and with one free courier', () => {
    expect(legMinutes(null, now, 20, 15)).toBe(20);
    expect(legMinutes({ freeAt: [now], waiting: 0 }, now, 20, 15)).toBe(20);
  });

  it('waits for the first courier back when every one is out', () => {
    // Back in 40 minutes, the order ready in 15: 25 minutes more than the zone's.
    expect(legMinutes({ freeAt: [now + 40 * MINUTE], waiting: 0 }, now, 20, 15)).toBe(45);
    // A second courier back sooner is the one that takes it.
    expect(
      legMinutes({ freeAt: [now + 40 * MINUTE, now + 20 * MINUTE], waiting: 0 }, now, 20, 15),
    ).toBe(25);
  });

  it('grows with the orders already waiting for a courier', () => {
    const few = legMinutes({ freeAt: [now], waiting: 1 }, now, 20, 15);
    const many = legMinutes({ freeAt: [now], waiting: 6 }, now, 20, 15);
    expect(many).toBeGreaterThan(few);
    expect(few).toBeGreaterThanOrEqual(20);
  });
});

describe('the live arrival', () => {
  const branch = { lat: 4.7, lng: -74.05 };
  const door = { lat: 4.75, lng: -74.05 };
  const clock = { now, departedAt: now, position: null, branch, speedKmh: 22 };
  const stops = [{ point: door, zoneMinutes: 20, pending: true }];

  it('measures from the courier when it knows where the courier and the door are', () => {
    expect(distanceKm(branch, door)).toBeCloseTo(5.56, 1);
    const far = stopArrivals(stops, { ...clock, position: { lat: 4.6, lng: -74.05 } })[0]!;
    const near = stopArrivals(stops, { ...clock, position: { lat: 4.745, lng: -74.05 } })[0]!;
    expect(near).toBeLessThan(far);
    expect(near - now).toBeLessThan(3 * MINUTE);
  });

  it("falls back to the zone's minutes after leaving, with a handover for each door before", () => {
    const unknown = [
      { point: null, zoneMinutes: 15, pending: true },
      { point: null, zoneMinutes: 20, pending: true },
    ];
    const [first, second] = stopArrivals(unknown, {
      ...clock,
      position: null,
      departedAt: now - 5 * MINUTE,
    });
    expect(first).toBe(now + 10 * MINUTE);
    expect(second).toBe(now + 18 * MINUTE);
  });

  it('skips stops already ended and is back after the last door and the way home', () => {
    const two = [
      { point: door, zoneMinutes: 20, pending: false },
      { point: door, zoneMinutes: 20, pending: true },
    ];
    const arrivals = stopArrivals(two, { ...clock, position: door });
    expect(arrivals[0]).toBeNull();
    expect(returnsAt(two, arrivals, { ...clock, position: door })).toBeGreaterThan(arrivals[1]!);
  });

  it('narrows the range as the courier gets closer', () => {
    const wide = arrivalRange(now + 60 * MINUTE, now);
    const narrow = arrivalRange(now + 5 * MINUTE, now);
    expect(wide.to.getTime() - wide.from.getTime()).toBe(12 * MINUTE);
    expect(narrow.to.getTime() - narrow.from.getTime()).toBe(4 * MINUTE);
  });
});
