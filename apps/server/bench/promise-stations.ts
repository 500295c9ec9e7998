// bench:promise's third part (decision 088): a two-station kitchen (a slow Parrilla, a quick
// Freidora) through a day with a lunch and a dinner peak of pickup orders, each with items for
// both stations. Staff accept each order at once with the server's minutes; each station makes
// its lines first come first served with its own cooks and bumps each when done (the production
// bump); the order is ready when both are. The same arrivals twice: with the stations plugged
// into the promise (station-aware once they have their bumps: lunch gives them) and without
// (queue-only). Error: ready − promised, over the orders placed in the dinner peak.
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types';
import type { AdminWrite } from '../src/lib/admin-write';
import { setItemDone } from '../src/modules/stations/kitchen';
import { createStationWork } from '../src/modules/stations/station-speed';
import { stationsOfBranch } from '../src/modules/stations/stations';
import type { StationsDeps } from '../src/modules/stations/types';
import { MINUTE, random, withBench, type Bench } from './promise-kit';

/** Each station's cooks and minutes: a line takes `setup` plus `perItem` a unit, ±20 %. */
export const STATIONS = {
  grill: { name: 'Parrilla', cooks: 5, setup: 11, perItem: 3 },
  fryer: { name: 'Freidora', cooks: 4, setup: 8, perItem: 2 },
} as const;
type StationKey = keyof typeof STATIONS;
const NOISE = 0.2;
/** The dinner peak whose orders are measured: placed from 18:00 to 22:00. */
export const DINNER = { from: 18, to: 22 };
/** Arrivals per hour: 3 off-peak, 18 at 13:00 (the stations' first bumps), 30 at 20:00. */
const rate = (hour: number) =>
  3 +
  15 * Math.exp(-((hour - 13) ** 2) / (2 * 0.7 ** 2)) +
  27 * Math.exp(-((hour - 20) ** 2) / (2 * 0.6 ** 2));
const PEAK_RATE = 30;

interface Arrival {
  at: number;
  units: Record<StationKey, number>;
  /** Each line's minutes at its station, noise drawn. */
  work: Record<StationKey, number>;
}

function arrivals(dayStart: number, seed: number): Arrival[] {
  const next = random(seed);
  const out: Arrival[] = [];
  let hour = 11;
  while (hour < 23) {
    hour += -Math.log(1 - next()) / PEAK_RATE;
    if (next() > rate(hour) / PEAK_RATE || hour >= 23) continue;
    const units = { grill: 1 + Math.floor(next() * 3), fryer: 1 + Math.floor(next() * 3) };
    const minutes = (key: StationKey) =>
      (STATIONS[key].setup + units[key] * STATIONS[key].perItem) * (1 + (next() * 2 - 1) * NOISE);
    out.push({
      at: dayStart + hour * 60 * MINUTE,
      units,
      work: { grill: minutes('grill'), fryer: minutes('fryer') },
    });
  }
  return out;
}

/** A station's cooks: when each is free (ms); a line given now is done when returned. */
function stationCooks(cooks: number) {
  const free = Array.from({ length: cooks }, () => 0);
  return (now: number, minutes: number) => {
    free.sort((a, b) => a - b);
    free[0] = Math.max(now, free[0]!) + minutes * MINUTE;
    return free[0];
  };
}

type Event =
  | { at: number; kind: 'arrive'; arrival: Arrival }
  | { at: number; kind: 'bump'; lineId: number }
  | { at: number; kind: 'ready'; id: number };

export type StationMode = 'station-aware' | 'queue-only';

/** The two products every order carries, routed one to each station at the bench's branch. */
async function routeTwoProducts(db: Kysely<Database>, branchId: number) {
  const products = await db
    .selectFrom('products')
    .select('id')
    .where('active', '=', 1)
    .where(
      'id',
      'not in',
      db.selectFrom('modifier_groups').select('product_id').where('required', '=', 1),
    )
    .orderBy('id')
    .limit(2)
    .execute();
  const stations = await stationsOfBranch(db, branchId);
  const idOf = (key: StationKey) => stations.find((s) => s.name === STATIONS[key].name)!.id;
  const [grill, fryer] = [products[0]!.id, products[1]!.id];
  await db
    .insertInto('branch_product_stations')
    .values([
      { branch_id: branchId, product_id: grill, station_id: idOf('grill') },
      { branch_id: branchId, product_id: fryer, station_id: idOf('fryer') },
    ])
    .execute();
  return { grill, fryer };
}

interface Day {
  bench: Bench;
  dayStart: number;
  mode: StationMode;
  products: Record<StationKey, number>;
  cooks: Record<StationKey, ReturnType<typeof stationCooks>>;
  stations: StationsDeps;
  events: Event[];
  promised: Map<number, number>;
  errors: number[];
  placed: number;
}

/** Placed, accepted at once with the server's minutes, its lines given to their stations. */
async function arrive(day: Day, arrival: Arrival) {
  const { bench } = day;
  const now = bench.clock.now();
  const answer = await bench.orders.place(bench.customer, {
    client_order_id: `bench-stations-${day.mode}-${day.placed++}`,
    branch_office: { id: bench.branchId },
    payment: { id: 1 },
    detail: (['grill', 'fryer'] as const).map((key) => ({
      id: day.products[key],
      quantity: arrival.units[key],
      modifier_group: [],
    })),
    type_delivery: 1,
    scheduled_for: null,
  });
  if (!answer.status) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  const { id } = answer.order;
  const accepted = await bench.orders.changeStatus(id, { status: 'accepted' }, bench.staff);
  if ('error' in accepted) throw new Error(`accept ${id}: ${accepted.error}`);
  const hour = (now - day.dayStart) / (60 * MINUTE);
  if (hour >= DINNER.from && hour < DINNER.to)
    day.promised.set(id, Date.parse(accepted.order.promised_at!));
  const lines = await bench.db
    .selectFrom('order_lines')
    .select(['id', 'product_id'])
    .where('order_id', '=', id)
    .execute();
  let ready = now;
  for (const key of ['grill', 'fryer'] as const) {
    const done = day.cooks[key](now, arrival.work[key]);
    const line = lines.find((row) => row.product_id === day.products[key])!;
    day.events.push({ at: done, kind: 'bump', lineId: line.id });
    ready = Math.max(ready, done);
  }
  day.events.push({ at: ready + 1, kind: 'ready', id });
}

async function ready(day: Day, id: number) {
  const done = await day.bench.orders.changeStatus(id, { status: 'ready' }, day.bench.staff);
  if ('error' in done) throw new Error(`ready ${id}: ${done.error}`);
  const promise = day.promised.get(id);
  if (promise !== undefined) day.errors.push((day.bench.clock.now() - promise) / MINUTE);
}

/** One day (`dayStart`, its `seed`), the promise station-aware or queue-only. */
export function replayStations(mode: StationMode, dayStart: number, seed: number) {
  return withBench(4, async (bench) => {
    const stations: StationsDeps = {
      db: bench.db,
      clock: bench.clock,
      write: undefined as unknown as AdminWrite,
      announce: () => {},
    };
    if (mode === 'station-aware')
      bench.orders.useStationWork(createStationWork(bench.db, bench.clock));
    const day: Day = {
      bench,
      dayStart,
      mode,
      products: await routeTwoProducts(bench.db, bench.branchId),
      cooks: {
        grill: stationCooks(STATIONS.grill.cooks),
        fryer: stationCooks(STATIONS.fryer.cooks),
      },
      stations,
      events: arrivals(dayStart, seed).map((arrival) => ({
        at: arrival.at,
        kind: 'arrive',
        arrival,
      })),
      promised: new Map(),
      errors: [],
      placed: 0,
    };
    while (day.events.length > 0) {
      day.events.sort((a, b) => a.at - b.at);
      const event = day.events.shift()!;
      bench.clock.at = Math.max(bench.clock.at, event.at);
      if (event.kind === 'arrive') await arrive(day, event.arrival);
      else if (event.kind === 'bump') await setItemDone(day.stations, event.lineId, true);
      else await ready(day, event.id);
    }
    return { errors: day.errors, total: day.placed };
  });
}
