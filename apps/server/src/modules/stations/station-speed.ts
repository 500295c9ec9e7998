// Time per station (decision 088): each station's speed measured from its bumps, what each still
// has to make of the branch's open work (the promise's station-aware start, shared
// station-promise.ts), and Día's average minutes per item.
import {
  enoughBumps,
  STATION_WINDOW_DAYS,
  stationSpeeds,
  type StationSpeed,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { ttlMemo } from '../../lib/ttl-memo';
import { stationOf } from './routing';
import { bumpedLinesOfBranch, unbumpedLinesOfBranch } from './stations-repository';
import { stationsOfBranch } from './stations';

const DAY = 86_400_000;
const ms = (value: string | Date) => new Date(value).getTime();

/** The branch's stations and their speeds over the lines bumped in [from, to). */
async function measured(db: DbExecutor, branchId: number, from: Date, to: Date) {
  const stations = await stationsOfBranch(db, branchId);
  const rows = await bumpedLinesOfBranch(db, branchId, from.toISOString(), to.toISOString());
  const bumps = rows.map((row) => {
    const bumped = ms(row.bumped_at!);
    // The kitchen started the order on accepting it, or at its fire time if scheduled.
    const accepted = row.accepted_at === null ? bumped : ms(row.accepted_at);
    const fires = row.fire_at === null ? 0 : ms(row.fire_at);
    return {
      station_id: stationOf(stations, row).id,
      units: row.quantity,
      started_at: Math.min(bumped, Math.max(accepted, fires)),
      bumped_at: bumped,
    };
  });
  return { stations, speeds: stationSpeeds(bumps) };
}

/** Día: each station of the branch with its items bumped in [from, to) and their average minutes. */
export async function stationTimes(db: DbExecutor, branchId: number, from: Date, to: Date) {
  const { stations, speeds } = await measured(db, branchId, from, to);
  return stations.map((station) => {
    const speed = speeds.find((candidate) => candidate.station_id === station.id);
    return {
      station_id: station.id,
      name: station.name,
      items: speed?.items ?? 0,
      average_item_minutes: speed ? Math.round(speed.minutes_per_item * 10) / 10 : null,
    };
  });
}

/** What the promise reads of a branch's stations: their speeds and each open order's items per station. */
export interface StationWork {
  speeds: StationSpeed[];
  /** Open order id → items still to make per station id. */
  units: ReadonlyMap<number, Record<number, number>>;
}

/**
 * The orders module's station port (decision 088). Speeds are measured over the last
 * STATION_WINDOW_DAYS and remembered a minute per branch (a bump moves them little); the items
 * still to make are read each time the queue is (itself at most once a second per branch).
 * Null while no station has enough bumps: the queue-only promise needs nothing more.
 */
export function createStationWork(db: DbExecutor, clock: Clock) {
  const speedsOf = ttlMemo(
    60_000,
    async (branchId: number) => {
      const now = clock.now();
      const window = await measured(
        db,
        branchId,
        new Date(now - STATION_WINDOW_DAYS * DAY),
        new Date(now),
      );
      return window.speeds;
    },
    () => clock.now(),
  );
  return async (branchId: number): Promise<StationWork | null> => {
    const speeds = await speedsOf(branchId);
    if (!speeds.some(enoughBumps)) return null;
    const stations = await stationsOfBranch(db, branchId);
    const units = new Map<number, Record<number, number>>();
    for (const line of await unbumpedLinesOfBranch(db, branchId)) {
      const station = stationOf(stations, line).id;
      const order = units.get(line.order_id) ?? {};
      order[station] = (order[station] ?? 0) + line.quantity;
      units.set(line.order_id, order);
    }
    return { speeds, units };
  };
}
