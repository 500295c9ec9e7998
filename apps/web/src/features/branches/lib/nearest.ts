import type { Branch } from '@comanda/shared';
import type { Point } from '@/stores/customer-point';

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in kilometres (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Where a branch is, when its answer says (a branch stored before coordinates has none). */
export const branchPoint = (branch: Branch): Point | null => branch.location ?? null;

/**
 * The branches nearest `from` first; those without a place, or every one when `from` is
 * unknown, keep the list's order after them (the sort is stable).
 */
export function nearestFirst<T extends Branch>(branches: readonly T[], from: Point | null): T[] {
  if (!from) return [...branches];
  const away = (branch: T) => {
    const point = branchPoint(branch);
    return point ? distanceKm(from, point) : Infinity;
  };
  return [...branches].sort((a, b) => away(a) - away(b));
}
