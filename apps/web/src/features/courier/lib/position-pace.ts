/** The fewest seconds between two positions sent (the 15–30 s). */
export const POSITION_MIN_MS = 15_000;
/** The most: while the phone moves, a position at least this often. */
export const POSITION_MAX_MS = 30_000;
/** Closer than this to the last sent, the courier has not really moved (a fix's own wobble). */
const MOVED_METRES = 25;

export interface Fix {
  lat: number;
  lng: number;
  /** When the phone took it (ms). */
  at: number;
}

/** Metres between two fixes (equirectangular: exact enough across a city). */
export function metresBetween(a: Fix, b: Fix): number {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.hypot(x, y) * 6_371_000;
}

/**
 * Whether to send a new fix: never sooner than POSITION_MIN_MS after the last one sent; from then
 * on as soon as the courier has moved, and at POSITION_MAX_MS whatever the distance, so the
 * estimate the customer reads stays fresh at a red light.
 */
export function shouldSend(last: Fix | null, fix: Fix): boolean {
  if (!last) return true;
  const elapsed = fix.at - last.at;
  if (elapsed < POSITION_MIN_MS) return false;
  return elapsed >= POSITION_MAX_MS || metresBetween(last, fix) >= MOVED_METRES;
}
