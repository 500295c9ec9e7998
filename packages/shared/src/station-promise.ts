/**
 * Time per station feeds the promise (decision 088). Each kitchen station's speed is measured
 * from its bumps: how many minutes of the station's work each item took while it was busy (the
 * time since it bumped the one before), the pace at which it clears a backlog. With enough bumps at every station that has
 * work waiting, the queue's start is when the slowest station clears what is ahead of a new
 * order; without them, the promise stays the queue-only one (promise.ts `queueStart`).
 */

/** A station needs this many bumps in the window before its speed is trusted. */
export const STATION_MIN_BUMPS = 20;
/** The days of bumps a station's speed is measured over. */
export const STATION_WINDOW_DAYS = 14;
/** A gap longer than this between two bumps is a station standing idle, not working. */
const LONGEST_WORK_MINUTES = 60;
/** Bumps this close together are one tap (a whole order's items, or a tray bumped together). */
const SAME_TAP_MS = 1000;
const MINUTE = 60_000;

/** One bumped order line: its station, its units, when its order was started and when it was bumped. */
export interface StationBump {
  station_id: number;
  units: number;
  /** When its order went to the kitchen (accepted, or fired if scheduled), ms. */
  started_at: number;
  bumped_at: number;
}

/** A station's measured speed: minutes of work per item over `bumps` bumped lines. */
export interface StationSpeed {
  station_id: number;
  minutes_per_item: number;
  bumps: number;
  items: number;
}

/** Minutes of work and items, summed. */
interface Tally {
  work: number;
  items: number;
}

/** Consecutive busy taps a pace is read over. */
const PACE_WINDOW = 10;
/** The share of windows a station beats: its pace is that of its busiest stretches. */
const PACE_QUANTILE = 0.2;

/**
 * One station's bumps (sorted) as taps of work: `busy` when the station bumped its previous item
 * after this order started (what it turns out, whatever its cooks do at once), else `idle` (how
 * long an order takes it alone).
 */
function stationTaps(sorted: readonly StationBump[]) {
  const taps: (Tally & { busy: boolean })[] = [];
  let free = -Infinity;
  for (let index = 0; index < sorted.length;) {
    // One tap: the bumps within a second of the first, their work counted once.
    const tap = sorted[index]!;
    let units = 0;
    let started = Infinity;
    while (index < sorted.length && sorted[index]!.bumped_at - tap.bumped_at < SAME_TAP_MS) {
      units += Math.max(1, sorted[index]!.units);
      started = Math.min(started, sorted[index]!.started_at);
      index += 1;
    }
    const from = Math.max(free, started);
    const work = Math.min(LONGEST_WORK_MINUTES, Math.max(0, (tap.bumped_at - from) / MINUTE));
    taps.push({ work, items: units, busy: free >= started });
    free = tap.bumped_at;
  }
  return taps;
}

const perItem = (taps: readonly Tally[]) => {
  const items = taps.reduce((sum, tap) => sum + tap.items, 0);
  return items === 0 ? 0 : taps.reduce((sum, tap) => sum + tap.work, 0) / items;
};

/**
 * A station's pace while busy: over windows of PACE_WINDOW consecutive busy taps, the pace it
 * beats in PACE_QUANTILE of them. A station under its capacity bumps as orders come, not as fast
 * as it can; its busiest stretches say what it clears a backlog at.
 */
function busyPace(busy: readonly Tally[]): number {
  if (busy.length < PACE_WINDOW) return perItem(busy);
  const paces: number[] = [];
  for (let start = 0; start + PACE_WINDOW <= busy.length; start += 1)
    paces.push(perItem(busy.slice(start, start + PACE_WINDOW)));
  paces.sort((a, b) => a - b);
  return paces[Math.floor(PACE_QUANTILE * (paces.length - 1))]!;
}

/**
 * Each station's speed from its bumps (any order): its minutes per item while busy (what clears
 * a backlog), or, never busy, alone; stations without bumps left out.
 */
export function stationSpeeds(bumps: readonly StationBump[]): StationSpeed[] {
  const byStation = new Map<number, StationBump[]>();
  for (const bump of bumps)
    byStation.set(bump.station_id, [...(byStation.get(bump.station_id) ?? []), bump]);
  return [...byStation].map(([station_id, list]) => {
    const taps = stationTaps([...list].sort((a, b) => a.bumped_at - b.bumped_at));
    const busy = taps.filter((tap) => tap.busy);
    return {
      station_id,
      minutes_per_item: busy.length > 0 ? busyPace(busy) : perItem(taps),
      bumps: list.length,
      items: taps.reduce((sum, tap) => sum + tap.items, 0),
    };
  });
}

/** Whether a station's speed rests on enough bumps to promise with. */
export const enoughBumps = (speed: StationSpeed | undefined): speed is StationSpeed =>
  speed !== undefined && speed.bumps >= STATION_MIN_BUMPS;

/**
 * Minutes until every station has made the items ahead of a new order (`units`: items still to
 * make per station id, summed over the open work): the slowest station's backlog at its measured
 * speed. Given the new order's own items per station (`own`), only the stations it needs hold it
 * up: a drink waits for the bar, not for the grill's backlog. Null when a station that counts has
 * work and lacks enough bumps: the caller keeps the queue-only start.
 */
export function stationQueueStart(
  units: ReadonlyMap<number, number>,
  speeds: readonly StationSpeed[] | undefined,
  own?: ReadonlyMap<number, number> | null,
): number | null {
  if (!speeds || speeds.length === 0) return null;
  const needed = own && [...own.values()].some((count) => count > 0) ? own : null;
  let start = 0;
  for (const [stationId, count] of units) {
    if (count <= 0 || (needed && !((needed.get(stationId) ?? 0) > 0))) continue;
    const speed = speeds.find((candidate) => candidate.station_id === stationId);
    if (!enoughBumps(speed)) return null;
    start = Math.max(start, count * speed.minutes_per_item);
  }
  return start;
}
