// The estimate a customer is told before ordering, and the minutes offered at Aceptar: both from
// the branch's queue of open work (decision 037).
import { deliveryEstimate, stationUnitsTogether, type StationSpeed } from '@comanda/shared';
import type { Clock } from '../../../lib/clock';
import { ttlMemo } from '../../../lib/ttl-memo';
import { findBranch } from '../reference/reference-repository';
import type { BranchRow, OrderPlugs, OrdersStore } from '../types';
import { queueMinutes, queueReadyAfter, queueStartOf, type OpenWorkRow } from './open-work';
import { openWork } from './schedule-repository';

/** What the stations module (decision 088) tells the queue of a branch: speeds and open work. */
export type StationWorkPort = (branchId: number) => Promise<{
  speeds: StationSpeed[];
  /** Open order id → items still to make per station id. */
  units: ReadonlyMap<number, Record<number, number>>;
} | null>;

/** The queue's station port: null until the stations module plugs it in (service.ts). */
export interface StationsOfQueue {
  stations: { port: StationWorkPort | null };
}

/**
 * The open work and the branch as the queue reads them: with each order's items per station and
 * the stations' speeds when the stations are plugged in and measured (decision 088), so the one
 * queue function (shared promise.ts `queueStartOf`) can promise by station; else as they are.
 */
async function withStations(
  queue: StationsOfQueue | undefined,
  branchId: number,
  rows: OpenWorkRow[],
  prep_minutes: number,
) {
  const port = queue?.stations.port;
  const work = port ? await port(branchId) : null;
  if (!work) return { rows, branch: { prep_minutes } };
  return {
    rows: rows.map((row) => ({ ...row, station_units: work.units.get(row.id) ?? {} })),
    branch: { prep_minutes, station_speeds: work.speeds },
  };
}

/** The queue's start per branch and usual time, remembered for a second (createQueueStart). */
export type QueueStart = ((key: `${number}:${number}`) => Promise<number>) & StationsOfQueue;

/**
 * The queue is read and worked out at most once a second per branch and usual time: every
 * estimate shown or answered meanwhile shares it, so a placement costs the same with ten open
 * orders or ten thousand (the placement's exact checks never depend on it). State, made once.
 */
export function createQueueStart(store: OrdersStore, clock: Clock): QueueStart {
  const stations: StationsOfQueue = { stations: { port: null } };
  const start = ttlMemo(
    1000,
    async (key: `${number}:${number}`) => {
      const [id, prep_minutes] = key.split(':').map(Number) as [number, number];
      const queue = await withStations(stations, id, await openWork(store, id), prep_minutes);
      return queueStartOf(queue.rows, queue.branch, new Date(clock.now()));
    },
    () => clock.now(),
  );
  return Object.assign(start, stations);
}

/**
 * The queue-based range the customer is told before ordering, in minutes from now. A delivery's
 * leg from ready to the door is the couriers' when dispatch is plugged in (decision 068): the
 * wait for a free one and the trip as they take it; else the zone's minutes.
 */
export async function asapEta(
  deps: { queueStart: QueueStart; plugs?: Pick<OrderPlugs, 'deliveryLeg'> },
  branch: BranchRow,
  zoneMinutes: number,
  units?: number,
) {
  const start = await deps.queueStart(`${branch.id}:${branch.prep_minutes}`);
  const prep = queueReadyAfter(start, branch, units);
  const leg = deps.plugs?.deliveryLeg;
  const zone =
    zoneMinutes > 0 && leg
      ? await leg(branch.id, zoneMinutes, prep + branch.rush_minutes)
      : zoneMinutes;
  return deliveryEstimate({
    prep_minutes: prep,
    rush_minutes: branch.rush_minutes,
    zone_minutes: zone,
  });
}

/**
 * The preparation minutes offered at Aceptar for one received order: the queue without it, held
 * up only by the stations its own items need when they are known (decision 088).
 */
export async function suggestedPrepMinutes(
  deps: OrdersStore & { clock: Clock; queueStart?: StationsOfQueue },
  branchId: number,
  orderId: number,
  units: number,
) {
  const found = await findBranch(deps, branchId);
  if (!found) return undefined;
  const queue = await withStations(
    deps.queueStart,
    branchId,
    await openWork(deps, branchId),
    found.prep_minutes,
  );
  const own = queue.rows.filter((row) => row.id === orderId);
  return queueMinutes(queue.rows, queue.branch, new Date(deps.clock.now()), {
    units,
    except: orderId,
    stations: stationUnitsTogether(own),
  });
}

/**
 * The minutes Aceptar offers first for `orderIds` accepted together (the console's sheet): the
 * queue without them, for their units together, held up by the stations their items need
 * (decision 088: the same queue, by station when measured); the branch's usual minutes when none
 * of them is open. Undefined without the branch.
 */
export async function suggestedMinutesFor(
  deps: OrdersStore & { clock: Clock; queueStart?: StationsOfQueue },
  branchId: number,
  orderIds: readonly number[],
) {
  const found = await findBranch(deps, branchId);
  if (!found) return undefined;
  const queue = await withStations(
    deps.queueStart,
    branchId,
    await openWork(deps, branchId),
    found.prep_minutes,
  );
  const chosen = queue.rows.filter((row) => orderIds.includes(row.id));
  if (chosen.length === 0) return found.prep_minutes;
  const rest = queue.rows.filter((row) => !orderIds.includes(row.id));
  return queueMinutes(rest, queue.branch, new Date(deps.clock.now()), {
    units: chosen.reduce((sum, row) => sum + row.quantity, 0),
    stations: stationUnitsTogether(chosen),
  });
}
