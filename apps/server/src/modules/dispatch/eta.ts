// When a courier reaches each door and is back (decision 068). Pure: times in ms, places in degrees.
import type { Point } from './types';

const MINUTE = 60_000;
/** Streets are not straight: a trip is about this much longer than the crow flies. */
const ROAD_FACTOR = 1.35;
/** Parking, the stairs, the change: minutes at each door. */
export const HANDOVER_MINUTES = 3;
/** The least spread of an arrival range, and its share of the minutes still to go. */
const SPREAD = { least: 4, share: 0.2 };

/** Great-circle distance in km. */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const travelMs = (a: Point, b: Point, speedKmh: number): number =>
  ((distanceKm(a, b) * ROAD_FACTOR) / speedKmh) * 60 * MINUTE;

/** One stop as the estimate sees it: where it is (if known) and its zone's minutes from the branch. */
export interface LegStop {
  point: Point | null;
  zoneMinutes: number;
  pending: boolean;
}

export interface TripClock {
  now: number;
  /** When the trip left; null while assigned (it leaves when its orders are ready: now). */
  departedAt: number | null;
  /** The courier's last fix, when fresh. */
  position: Point | null;
  branch: Point | null;
  speedKmh: number;
}

/**
 * When the courier reaches each stop (ms; null for stops already ended). From the courier's
 * fix when every place on the way is known: the distance at the courier's speed, plus the
 * handover at each door. Otherwise from the zones' minutes after leaving: the stop's zone
 * minutes, and a handover for each stop before it.
 */
export function stopArrivals(stops: LegStop[], clock: TripClock): (number | null)[] {
  const pending = stops.filter((stop) => stop.pending);
  const from = clock.position ?? (clock.departedAt === null ? clock.branch : null);
  if (from && pending.every((stop) => stop.point)) {
    let at = clock.now;
    let here = from;
    return stops.map((stop) => {
      if (!stop.pending) return null;
      at += travelMs(here, stop.point!, clock.speedKmh);
      here = stop.point!;
      const arrives = at;
      at += HANDOVER_MINUTES * MINUTE;
      return arrives;
    });
  }
  const left = clock.departedAt ?? clock.now;
  let before = 0;
  return stops.map((stop) => {
    if (!stop.pending) return null;
    const arrives = Math.max(clock.now, left + (stop.zoneMinutes + before) * MINUTE);
    before += HANDOVER_MINUTES;
    return arrives;
  });
}

/** When the courier is back at the branch: the last door, its handover, and the way back. */
export function returnsAt(stops: LegStop[], arrivals: (number | null)[], clock: TripClock): number {
  const lastIndex = arrivals.findLastIndex((at) => at !== null);
  if (lastIndex < 0) return clock.now;
  const last = stops[lastIndex]!;
  const back =
    last.point && clock.branch
      ? travelMs(last.point, clock.branch, clock.speedKmh)
      : last.zoneMinutes * MINUTE;
  return arrivals[lastIndex]! + HANDOVER_MINUTES * MINUTE + back;
}

/** An arrival as the customer reads it: a range that narrows as the courier gets closer. */
export function arrivalRange(at: number, now: number): { from: Date; to: Date } {
  const toGo = Math.max(0, at - now) / MINUTE;
  const spread = Math.max(SPREAD.least, Math.round(toGo * SPREAD.share));
  const from = Math.ceil(at / MINUTE) * MINUTE;
  return { from: new Date(from), to: new Date(from + spread * MINUTE) };
}
