// npm run bench:promise — how good is the promise? (decisions 037 and 068,
// docs/benchmarks/log/2026-11-26-evening-promise-from-the-queue.md and
// docs/benchmarks/log/2026-12-02-afternoon-promise-with-couriers.md)
//
// Replays traffic at one branch (the demo's `campina`) through the production orders service on
// a real SQLite database (migrated and seeded as the server does), with a simulated clock. Each
// day has its own seed; BENCH_DAYS days (default 5; different traffic, same model). One day is
// one sample of the traffic, not a result. Two parts, each day replayed twice:
//
// 1. The kitchen (promise-day.ts): a day of pickup orders, a lunch and a dinner peak, a fifth
//    scheduled for a slot; staff accept each order when it fires with the queue-based promise
//    (the server's default at Aceptar) or with today's constant (the usual minutes). Error:
//    ready − promised, orders as soon as possible; late means more than 5 minutes.
// 2. The couriers (promise-couriers.ts): a dinner peak of delivery orders (BENCH_PEAK an hour
//    at 20:00, default 6) and BENCH_COURIERS couriers (default 2) to whom staff hand the ready
//    orders through the production dispatch functions, two at a time when two wait. The
//    customer's promise is the estimate placement answers, courier-aware (dispatch's
//    deliveryLeg plugged in, as the server runs) or kitchen-only (not plugged): the same
//    arrivals, the same deliveries. Error: delivered − promised; late means more than 10 minutes.
// 3. The stations (promise-stations.ts, decision 088): a two-station kitchen (a slow Parrilla, a
//    quick Freidora) through a lunch and a dinner peak of pickup orders with items for both;
//    each station bumps its lines as it makes them. Staff accept with the server's minutes,
//    station-aware (the stations plugged into the promise, measured from their bumps) or
//    queue-only (not plugged): the same arrivals, the same kitchen. Error: ready − promised over
//    the orders placed from 18:00 to 22:00; late means more than 5 minutes.
//
// Prints each part's p50/p90/p99 and share late, side by side, per day and over all days, and
// records the run (scripts/lib/bench-record.mjs): the couriers' goal is a courier-aware p90 of
// at most 10 minutes and under half the kitchen-only one's.
//   BENCH_DAYS=5 npm run bench:promise          (BENCH_RECORD=off: no record)
import { addDays, chainDayRange } from '@comanda/shared';
import { replayEvening } from './promise-couriers';
import { ORDERS_PER_SLOT, replayDay } from './promise-day';
import { COURIERS, PEAK } from './promise-evening';
import { KITCHEN, PREP_MINUTES, summary, summaryRow, type Summary } from './promise-kit';
import { COURIER_LATE, recordRun } from './promise-record';
import { DINNER, replayStations, STATIONS } from './promise-stations';

// A day well ahead of today's date; the clock is simulated, the calendar real.
const day = addDays(new Date().toISOString().slice(0, 10), 3);
const dayStart = chainDayRange(day).start.getTime();
const days = Math.max(1, Number(process.env.BENCH_DAYS ?? 5));
const KITCHEN_LATE = 5;

const header = (what: string, late: number) =>
  `${what.padEnd(26)}    p50      p90      p99   late>${late}min`;

function printTable(title: string, late: number, rows: [string, Summary][]) {
  console.log(header(title, late));
  for (const [name, figures] of rows) console.log(summaryRow(name, figures));
}

/** Part 1: each day's pickup traffic, the queue-based promise against the constant. */
async function kitchenDays() {
  const all = { queue: [] as number[], constant: [] as number[] };
  for (let index = 0; index < days; index += 1) {
    const seed = 2026 + index;
    const queue = await replayDay('queue', dayStart, seed);
    const constant = await replayDay('constant', dayStart, seed);
    all.queue.push(...queue.errors);
    all.constant.push(...constant.errors);
    console.log(
      `\nday ${index + 1} (seed ${seed}): ${queue.total} arrivals (${queue.scheduled} scheduled, ${queue.refused} refused for a full slot); ASAP measured: ${queue.errors.length}`,
    );
    printTable('ready − promised (min)', KITCHEN_LATE, [
      ['queue-based promise', summary(queue.errors, KITCHEN_LATE)],
      ['constant promise', summary(constant.errors, KITCHEN_LATE)],
    ]);
  }
  console.log(`\nall ${days} day(s): ${all.queue.length} orders as soon as possible`);
  const totals = {
    queue: summary(all.queue, KITCHEN_LATE),
    constant: summary(all.constant, KITCHEN_LATE),
  };
  printTable('ready − promised (min)', KITCHEN_LATE, [
    ['queue-based promise', totals.queue],
    ['constant promise', totals.constant],
  ]);
  return totals;
}

const sameDeliveries = (a: number[], b: number[]) =>
  a.length === b.length && a.every((at, index) => at === b[index]);

/** Part 2: each day's dinner peak of deliveries, the courier-aware estimate against the kitchen-only one. */
async function courierEvenings() {
  const all = { aware: [] as number[], kitchen: [] as number[] };
  for (let index = 0; index < days; index += 1) {
    const seed = 2026 + index;
    const aware = await replayEvening('courier-aware', dayStart, seed);
    const kitchenOnly = await replayEvening('kitchen-only', dayStart, seed);
    // The estimate changes what the customer is told, never when the order arrives.
    if (!sameDeliveries(aware.delivered, kitchenOnly.delivered))
      throw new Error(`day ${index + 1}: the two replays delivered differently`);
    all.aware.push(...aware.errors);
    all.kitchen.push(...kitchenOnly.errors);
    console.log(
      `\nevening ${index + 1} (seed ${seed}): ${aware.errors.length} delivery orders, ${aware.trips} trips (${aware.batched} with two orders)`,
    );
    printTable('delivered − promised (min)', COURIER_LATE, [
      ['courier-aware estimate', summary(aware.errors, COURIER_LATE)],
      ['kitchen-only estimate', summary(kitchenOnly.errors, COURIER_LATE)],
    ]);
  }
  console.log(`\nall ${days} evening(s): ${all.aware.length} delivery orders`);
  const totals = {
    aware: summary(all.aware, COURIER_LATE),
    kitchen: summary(all.kitchen, COURIER_LATE),
  };
  printTable('delivered − promised (min)', COURIER_LATE, [
    ['courier-aware estimate', totals.aware],
    ['kitchen-only estimate', totals.kitchen],
  ]);
  return totals;
}

/** Part 3: each day's two-station kitchen, the station-aware promise against the queue-only one. */
async function stationDays() {
  const all = { aware: [] as number[], queue: [] as number[] };
  for (let index = 0; index < days; index += 1) {
    const seed = 2026 + index;
    const aware = await replayStations('station-aware', dayStart, seed);
    const queue = await replayStations('queue-only', dayStart, seed);
    all.aware.push(...aware.errors);
    all.queue.push(...queue.errors);
    console.log(
      `\nstations day ${index + 1} (seed ${seed}): ${aware.total} arrivals; dinner peak measured: ${aware.errors.length}`,
    );
    printTable('ready − promised (min)', KITCHEN_LATE, [
      ['station-aware promise', summary(aware.errors, KITCHEN_LATE)],
      ['queue-only promise', summary(queue.errors, KITCHEN_LATE)],
    ]);
  }
  console.log(`\nall ${days} day(s): ${all.aware.length} dinner-peak orders`);
  const totals = {
    aware: summary(all.aware, KITCHEN_LATE),
    queue: summary(all.queue, KITCHEN_LATE),
  };
  printTable('ready − promised (min)', KITCHEN_LATE, [
    ['station-aware promise', totals.aware],
    ['queue-only promise', totals.queue],
  ]);
  return totals;
}

const finishRecord = recordRun({ days, couriers: COURIERS, peak: PEAK });
console.log(`\nbench:promise — ${days} day(s) of traffic at one branch, simulated clock, SQLite`);
console.log(
  `kitchen: ${KITCHEN.stations} stations, ${KITCHEN.fixedMinutes} min + ${KITCHEN.minutesPerUnit} min/unit ±${KITCHEN.noise * 100}%; usual prep ${PREP_MINUTES} min; ${ORDERS_PER_SLOT} scheduled orders per 15-min slot`,
);
const kitchenTotals = await kitchenDays();
console.log(
  `\ncouriers: ${COURIERS} on shift through a dinner peak of ${PEAK} delivery orders an hour (1 an hour off it)`,
);
const courierTotals = await courierEvenings();
const { grill, fryer } = STATIONS;
console.log(
  `\nstations: ${grill.name} ${grill.cooks} cooks at ${grill.setup} min + ${grill.perItem} min/item, ${fryer.name} ${fryer.cooks} cooks at ${fryer.setup} min + ${fryer.perItem} min/item; dinner peak ${DINNER.from}:00–${DINNER.to}:00 measured`,
);
const stationTotals = await stationDays();
finishRecord(kitchenTotals, courierTotals, stationTotals);
