/**
 * Time per station feeds the promise (decision 088). Each kitchen station's speed is measured
 * from its bumps: how many minutes of the station's work each item took, as a queue with one
 * line reads it (a bump's work starts when the station bumped the one before, or when its order
 * was started if the station was idle meanwhile). With enough bumps at every station that has
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

/** Each station's speed from its bumps (any order), one decimal of a minute kept; stations without bumps left out. */
export function stationSpeeds(bumps: readonly StationBump[]): StationSpeed[] {
  const byStation = new Map<number, StationBump[]>();
  for (const bump of bumps)
    byStation.set(bump.station_id, [...(byStation.get(bump.station_id) ?? []), bump]);
  return [...byStation].map(([station_id, list]) => {
    const sorted = [...list].sort((a, b) => a.bumped_at - b.bumped_at);
    let free = -Infinity;
    let work = 0;
    let items = 0;
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
      work += Math.min(LONGEST_WORK_MINUTES, Math.max(0, (tap.bumped_at - from) / MINUTE));
      items += units;
      free = tap.bumped_at;
    }
    return {
      station_id,
      minutes_per_item: items === 0 ? 0 : work / items,
      bumps: sorted.length,
      items,
    };
  });
}

/** Whether a station's speed rests on enough bumps to promise with. */
export const enoughBumps = (speed: StationSpeed | undefined): speed is StationSpeed =>
  speed !== undefined && speed.bumps >= STATION_MIN_BUMPS;

/**
 * Minutes until every station has made the items ahead of a new order (`units`: items still to
 * make per station id, summed over the open work): the slowest station's backlog at its measured
 * speed. Null when a station with work lacks enough bumps: the caller keeps the queue-only start.
 */
export function stationQueueStart(
  units: ReadonlyMap<number, number>,
  speeds: readonly StationSpeed[] | undefined,
): number | null {
  if (!speeds || speeds.length === 0) return null;
  let start = 0;
  for (const [stationId, count] of units) {
    if (count <= 0) continue;
    const speed = speeds.find((candidate) => candidate.station_id === stationId);
    if (!enoughBumps(speed)) return null;
    start = Math.max(start, count * speed.minutes_per_item);
  }
  return start;
}
