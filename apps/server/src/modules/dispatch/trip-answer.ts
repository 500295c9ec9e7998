// A trip as its answer (decision 068): the stops the courier needs, and when each door is reached.
import { FAIL_REASON_TEXT, type FailReason, type Trip, type TripStop } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { isoInstant, isoOrNull } from '../../lib/iso-instant';
import { firstName } from '../orders/reads/order-answer';
import { returnsAt, stopArrivals, type LegStop, type TripClock } from './eta';
import { placesOf } from './places-repository';
import { stopsOf, type StopRow, type TripRow } from './trips-repository';
import type { Point } from './types';

const MINUTE = 60_000;
/** A fix older than this says nothing about where the courier is now. */
const FRESH_FIX_MS = 5 * MINUTE;

const ms = (value: string | Date) => new Date(value).getTime();

/**
 * What a stop brings in at the door: nothing when paid online, else the total and the courier's
 * tip (decision 085), and the change from what the customer pays with.
 */
function money(row: StopRow) {
  const online = row.payment_kind === 'online';
  const collect = online ? 0 : row.total + row.tip;
  const payWith = row.payment_kind === 'cash' ? row.pay_with : null;
  return {
    collect,
    pay_with: payWith,
    change: payWith === null ? null : Math.max(0, payWith - collect),
  };
}

function stopAnswer(row: StopRow, arrivesAt: number | null): TripStop {
  return {
    order_id: row.order_id,
    position: row.position,
    status: row.status,
    customer_name: firstName(row.customer_name),
    customer_phone: row.customer_phone,
    address: row.address,
    neighbourhood: row.neighbourhood,
    address_notes: row.address_notes,
    total: row.total,
    tip: row.tip,
    payment: row.payment_description,
    payment_status: row.payment_status,
    ...money(row),
    outcome: row.outcome,
    fail_reason:
      row.fail_reason === null
        ? null
        : (FAIL_REASON_TEXT[row.fail_reason as FailReason] ?? row.fail_reason),
    arrives_at: arrivesAt === null ? null : new Date(arrivesAt).toISOString(),
  };
}

/** Where the trip's stops are, as the estimate needs them. */
export interface TripPlaces {
  branch: Map<number, Point>;
  zone: Map<number, Point>;
  address: Map<number, Point>;
}

export async function placesFor(
  db: DbExecutor,
  trips: TripRow[],
  stops: StopRow[],
): Promise<TripPlaces> {
  const [branch, zone, address] = await Promise.all([
    placesOf(db, 'branch', [...new Set(trips.map((trip) => trip.branch_id))]),
    placesOf(
      db,
      'zone',
      stops.flatMap((stop) => (stop.zone_id === null ? [] : [stop.zone_id])),
    ),
    placesOf(
      db,
      'address',
      stops.flatMap((stop) => (stop.address_id === null ? [] : [stop.address_id])),
    ),
  ]);
  return { branch, zone, address };
}

/** A stop's place: its saved address's door when learned, else its zone's centre. */
const pointOf = (row: StopRow, places: TripPlaces): Point | null =>
  (row.address_id !== null ? places.address.get(row.address_id) : undefined) ??
  (row.zone_id !== null ? places.zone.get(row.zone_id) : undefined) ??
  null;

export function legStops(rows: StopRow[], places: TripPlaces): LegStop[] {
  return rows.map((row) => ({
    point: pointOf(row, places),
    zoneMinutes: row.zone_minutes ?? 0,
    pending: row.outcome === null && row.status !== 'cancelled' && row.status !== 'delivered',
  }));
}

export function tripClock(
  trip: TripRow,
  places: TripPlaces,
  now: number,
  speedKmh: number,
): TripClock {
  const fresh = trip.position_at !== null && now - ms(trip.position_at) <= FRESH_FIX_MS;
  return {
    now,
    departedAt: trip.departed_at === null ? null : ms(trip.departed_at),
    position:
      fresh && trip.lat !== null && trip.lng !== null
        ? { lat: Number(trip.lat), lng: Number(trip.lng) }
        : null,
    branch: places.branch.get(trip.branch_id) ?? null,
    speedKmh,
  };
}

/** One trip's answer from its row, its stops and the places; `arrivals` as stopArrivals gives them. */
export function tripAnswer(
  trip: TripRow,
  rows: StopRow[],
  places: TripPlaces,
  now: number,
  speedKmh: number,
): Trip {
  const stops = legStops(rows, places);
  const clock = tripClock(trip, places, now, speedKmh);
  const arrivals = stopArrivals(stops, clock);
  return {
    id: trip.id,
    branch: {
      id: trip.branch_id,
      title: trip.branch_title,
      address: trip.branch_address,
      city: trip.branch_city,
    },
    courier: { id: trip.courier_id, name: trip.courier_name },
    status: trip.status,
    stops: rows.map((row, index) => stopAnswer(row, arrivals[index] ?? null)),
    created_at: isoInstant(trip.created_at),
    departed_at: isoOrNull(trip.departed_at),
    finished_at: isoOrNull(trip.finished_at),
    returns_at:
      trip.status === 'done' ? null : new Date(returnsAt(stops, arrivals, clock)).toISOString(),
  };
}

/** Several trips as answers, reading their stops and places once. */
export async function tripAnswers(
  db: DbExecutor,
  trips: TripRow[],
  now: number,
  speedKmh: number,
): Promise<Trip[]> {
  const stops = await stopsOf(
    db,
    trips.map((trip) => trip.id),
  );
  const places = await placesFor(db, trips, stops);
  return trips.map((trip) =>
    tripAnswer(
      trip,
      stops.filter((stop) => stop.trip_id === trip.id),
      places,
      now,
      speedKmh,
    ),
  );
}
