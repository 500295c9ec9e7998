/**
 * The promise from the queue (decision 037): how many minutes from now an order will be ready,
 * from the branch's open work, by the same model of a kitchen the benchmark replays. The
 * kitchen works `stations` orders at once, first come first served; an order takes a fixed part
 * plus a part per unit, and a branch's usual `prep_minutes` is what a typical order takes alone.
 * The new order waits for the earliest station to be free once every order ahead of it (those
 * cooking, for what is left of them; those waiting to be accepted; scheduled ones firing before
 * it would start) has a station, then takes its own time; the rush minutes go on top.
 */

import { stationQueueStart, type StationSpeed } from './station-promise';

/** Orders a kitchen works at once, unless a branch says otherwise. */
export const KITCHEN_STATIONS = 10;
/** The units of a typical order: the one `prep_minutes` describes. */
export const TYPICAL_ORDER_UNITS = 3;
/** Minutes each unit adds to an order's preparation. */
export const MINUTES_PER_UNIT = 2;
/** No order takes less than this, however small. */
const MIN_FIXED_MINUTES = 5;

export interface KitchenModel {
  /** What a typical order takes alone, in minutes (the branch's usual preparation). */
  prep_minutes: number;
  /** "Alta demanda": minutes added to every promise. */
  rush_minutes: number;
  stations?: number;
}

/** The branch's open work as the promise reads it. */
export interface OpenWork {
  /**
   * Accepted and not ready: units, and the minutes until their promised time. Such an order
   * still needs its own minutes at most (it may not have started), and at least one (it is
   * not ready yet, even when late).
   */
  cooking: readonly { units: number; minutes_left: number }[];
  /** Received and not accepted, or scheduled and due to fire soon: units each, in order. */
  waiting: readonly number[];
}

/** Minutes an order of `units` takes alone in this kitchen. */
export function orderMinutes(kitchen: KitchenModel, units: number): number {
  const fixed = Math.max(
    MIN_FIXED_MINUTES,
    kitchen.prep_minutes - TYPICAL_ORDER_UNITS * MINUTES_PER_UNIT,
  );
  return fixed + Math.max(1, units) * MINUTES_PER_UNIT;
}

/** Minutes from now until an order of `units` would be ready, with the rush: whole, ≥ 1. */
export function promiseMinutes(
  work: OpenWork,
  kitchen: KitchenModel,
  units = TYPICAL_ORDER_UNITS,
): number {
  return readyAfter(queueStart(work, kitchen), kitchen, units);
}

/**
 * Minutes from now until the kitchen could start one more order: its earliest station once every
 * order ahead of it has one. It does not depend on the new order, so a whole second of
 * placements may share it (the work is linear in the open orders).
 */
export function queueStart(work: OpenWork, kitchen: KitchenModel): number {
  const stations = Array.from(
    { length: Math.max(1, kitchen.stations ?? KITCHEN_STATIONS) },
    () => 0,
  );
  const take = (minutes: number) => {
    // The earliest free station takes the next order (stations stay sorted).
    stations[0] = (stations[0] ?? 0) + minutes;
    stations.sort((a, b) => a - b);
  };
  for (const order of work.cooking)
    take(Math.min(orderMinutes(kitchen, order.units), Math.max(1, order.minutes_left)));
  for (const waiting of work.waiting) take(orderMinutes(kitchen, waiting));
  return stations[0] ?? 0;
}

/** Minutes until an order of `units` is ready when the kitchen starts it in `start`, with the rush: whole, ≥ 1. */
export function readyAfter(
  start: number,
  kitchen: KitchenModel,
  units = TYPICAL_ORDER_UNITS,
): number {
  const rush = Number.isFinite(kitchen.rush_minutes) ? Math.max(0, kitchen.rush_minutes) : 0;
  return Math.max(1, Math.ceil(start + orderMinutes(kitchen, units) + rush));
}

/** The promise as today's constant: the usual minutes plus the rush, whatever the queue. */
export const constantPromiseMinutes = (kitchen: KitchenModel): number =>
  kitchen.prep_minutes + Math.max(0, kitchen.rush_minutes);

const MINUTE = 60_000;

/** An open order as the promise reads it. */
export interface OpenWorkRow {
  id: number;
  status: string;
  quantity: number;
  accepted_at: string | Date | null;
  promised_at: string | Date | null;
  fire_at: string | Date | null;
  /**
   * Items still to make per station id (unbumped lines, decision 088), when the kitchen's
   * stations are known; absent, the promise is the queue-only one.
   */
  station_units?: Readonly<Record<number, number>>;
}

const time = (value: string | Date) => new Date(value).getTime();

/**
 * Where an open order stands at `now` for the promise (decision 037): `cooking` (accepted and
 * fired), `waiting` (unanswered, or scheduled and firing before `horizon`), or `later`. A
 * scheduled order accepted ahead of its fire time is not on the stove yet: it waits like an
 * unanswered one until then.
 */
function placeInQueue(row: OpenWorkRow, now: number, horizon: number) {
  const fires = row.fire_at === null ? 0 : time(row.fire_at);
  if (row.status !== 'received' && fires <= now) return { where: 'cooking' as const, fires };
  return { where: fires <= horizon ? ('waiting' as const) : ('later' as const), fires };
}

/**
 * The open work of a branch at `at` (decision 037): accepted orders with the share of their
 * promised time still ahead, then, first come first served, orders waiting to be accepted
 * and scheduled orders (answered or not) firing before `horizonMinutes` from now. `except` leaves one order out
 * (the one being accepted, whose own minutes are the question).
 */
export function openWorkOf(
  rows: readonly OpenWorkRow[],
  at: Date,
  horizonMinutes: number,
  except?: number,
): OpenWork {
  const now = at.getTime();
  const horizon = now + horizonMinutes * MINUTE;
  const cooking: { units: number; minutes_left: number }[] = [];
  const waiting: { units: number; from: number }[] = [];
  for (const row of rows) {
    if (row.id === except) continue;
    const { where, fires } = placeInQueue(row, now, horizon);
    if (where === 'cooking') {
      const promised = row.promised_at === null ? now : time(row.promised_at);
      cooking.push({ units: row.quantity, minutes_left: (promised - now) / MINUTE });
    } else if (where === 'waiting') waiting.push({ units: row.quantity, from: fires });
  }
  waiting.sort((a, b) => a.from - b.from);
  return { cooking, waiting: waiting.map((w) => w.units) };
}

/**
 * The items each station still has to make for the same open work `openWorkOf` counts; null
 * when a row does not say (the stations are not known to whoever read the rows).
 */
export function stationUnitsOf(
  rows: readonly OpenWorkRow[],
  at: Date,
  horizonMinutes: number,
  except?: number,
): Map<number, number> | null {
  const now = at.getTime();
  const horizon = now + horizonMinutes * MINUTE;
  return stationUnitsTogether(
    rows.filter((row) => row.id !== except && placeInQueue(row, now, horizon).where !== 'later'),
  );
}

/** The items per station of `rows` added up; null when a row does not say its stations. */
export function stationUnitsTogether(rows: readonly OpenWorkRow[]): Map<number, number> | null {
  const units = new Map<number, number>();
  for (const row of rows) {
    if (!row.station_units) return null;
    for (const [station, count] of Object.entries(row.station_units))
      units.set(Number(station), (units.get(Number(station)) ?? 0) + count);
  }
  return units;
}

/** The kitchen of a branch as the queue's figures read it: its usual minutes, the rush apart. */
const branchKitchen = (branch: { prep_minutes: number }): KitchenModel => ({
  prep_minutes: branch.prep_minutes,
  rush_minutes: 0,
});

/** A branch as the queue reads it: its usual minutes and, when measured, its stations' speeds. */
export interface QueueBranch {
  prep_minutes: number;
  /** The stations' measured speeds (decision 088); absent or short of bumps: queue-only. */
  station_speeds?: readonly StationSpeed[];
}

/** The order a queue figure is asked for. */
export interface QueueAsk {
  /** Its units: the queue-only model's own minutes for it. */
  units?: number | undefined;
  /** Its id when it is open already (being accepted): left out of the work ahead of it. */
  except?: number | undefined;
  /**
   * Its items per station id, when known (an open order's unbumped lines): only the stations it
   * needs hold it up (decision 088). Absent: every station's backlog counts.
   */
  stations?: ReadonlyMap<number, number> | null | undefined;
}

/**
 * Minutes from `at` until this branch's kitchen could start one more order: when its slowest
 * station (of those the order needs, when known) clears the items ahead, with enough bumps at
 * every such station that has work (decision 088); else the queue-only `queueStart`.
 */
export function queueStartOf(
  rows: readonly OpenWorkRow[],
  branch: QueueBranch,
  at: Date,
  ask: QueueAsk = {},
): number {
  const units = branch.station_speeds
    ? stationUnitsOf(rows, at, branch.prep_minutes, ask.except)
    : null;
  const byStation = units ? stationQueueStart(units, branch.station_speeds, ask.stations) : null;
  return (
    byStation ??
    queueStart(openWorkOf(rows, at, branch.prep_minutes, ask.except), branchKitchen(branch))
  );
}

/** Minutes until an order of `units` would be ready at this branch, from its queue's start, rush excluded. */
export const queueReadyAfter = (start: number, branch: { prep_minutes: number }, units?: number) =>
  readyAfter(start, branchKitchen(branch), units);

/** Minutes from `at` until the order asked about would be ready at this branch, rush excluded. */
export function queueMinutes(
  rows: readonly OpenWorkRow[],
  branch: QueueBranch,
  at: Date,
  ask: QueueAsk = {},
): number {
  return queueReadyAfter(queueStartOf(rows, branch, at, ask), branch, ask.units);
}

/**
 * When an order's promise is checked (Informes' kept promises, Día's minutes): a pickup order
 * once it is first ready, a delivery order once it is delivered (the customer read "Llega aprox."
 * with the same promised time). Null: not there yet.
 */
export function promiseMetAt<T>(order: {
  type_delivery: number;
  status: string;
  ready_at: T | null;
  delivered_at: T | null;
}): T | null {
  if (order.type_delivery === 2) return order.status === 'delivered' ? order.delivered_at : null;
  return order.ready_at;
}

/**
 * An accepted order's minutes as Día states them: promised (accepting to the promised time) and
 * actual (accepting to when the promise was met, `promiseMetAt`), whole minutes; null when the
 * order has no promise or has not got there.
 */
export function promiseMinutesOf(order: {
  type_delivery: number;
  status: string;
  accepted_at: string | null;
  promised_at: string | null;
  ready_at: string | null;
  delivered_at: string | null;
}): { promised_minutes: number | null; actual_minutes: number | null } {
  const { accepted_at, promised_at } = order;
  if (accepted_at === null || promised_at === null)
    return { promised_minutes: null, actual_minutes: null };
  const since = (to: string | null) =>
    to === null ? null : Math.round((Date.parse(to) - Date.parse(accepted_at)) / MINUTE);
  return { promised_minutes: since(promised_at), actual_minutes: since(promiseMetAt(order)) };
}
