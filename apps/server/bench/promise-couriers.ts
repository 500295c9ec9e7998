// bench:promise's second part (decision 068): a dinner peak of delivery orders at the
// branch, cooked in the simulated kitchen and carried by its couriers, handed to them by staff
// through the production dispatch functions. The customer's promise is the estimate placement
// answers: placement + the end of its range (`eta[1]`), what the customer reads as "by then".
// Error: delivered (the courier's `Entregado`, after the handover) − promised.
import { createDispatchService, type DispatchService } from '../src/modules/dispatch/service';
import type { Acting } from '../src/modules/dispatch/types';
import { kitchen, MINUTE, withBench, type Bench } from './promise-kit';
import { ORDERS_PER_SLOT } from './promise-day';
import {
  couriersOnShift,
  customerZones,
  EVENING_FROM_HOUR,
  eveningArrivals,
  ROAD,
  type Arrival,
  type Zone,
} from './promise-evening';

/** Orders a courier takes at once, when that many are ready and waiting. */
const ORDERS_PER_TRIP = 2;

/** Whether the estimate knows the couriers (deliveryLeg plugged in) or only the kitchen and zone. */
export type EstimateMode = 'courier-aware' | 'kitchen-only';

type Event =
  | { at: number; kind: 'arrive'; arrival: Arrival }
  | { at: number; kind: 'ready'; id: number }
  | { at: number; kind: 'door'; id: number; courier: Acting }
  | { at: number; kind: 'back'; courier: Rider };

/** A courier as the counter sees them: at the branch, or out until they walk in again. */
interface Rider {
  acting: Acting;
  out: boolean;
  /** When they last came back (or clocked in): the longest waiting goes first. */
  since: number;
}

interface DeliveryOrder {
  arrival: Arrival;
  zone: Zone;
  promised: number;
  delivered: number | null;
}

/** The evening as it goes. */
interface Evening {
  bench: Bench;
  dispatch: DispatchService;
  mode: EstimateMode;
  zones: Zone[];
  events: Event[];
  cook: ReturnType<typeof kitchen>;
  riders: Rider[];
  orders: Map<number, DeliveryOrder>;
  /** Ready orders no courier has taken yet, longest waiting first. */
  waiting: number[];
  trips: number;
  batched: number;
}

/**
 * Events fall on whole milliseconds: the same offsets from any day's midnight give the same
 * times, so a run's figures do not depend on the date it runs on.
 */
const schedule = (evening: Evening, event: Event) =>
  evening.events.push({ ...event, at: Math.round(event.at) });

/** Placed for as soon as possible at the customer's address in its zone; accepted at once. */
async function arrive(evening: Evening, arrival: Arrival) {
  const { bench } = evening;
  const zone = evening.zones[arrival.zone]!;
  const answer = await bench.orders.place(bench.customer, {
    client_order_id: `bench-${evening.mode}-${evening.orders.size}`,
    branch_office: { id: bench.branchId },
    payment: { id: 1 },
    detail: [{ id: bench.productId, quantity: arrival.units, modifier_group: [] }],
    type_delivery: 2,
    address_id: zone.addressId,
    scheduled_for: null,
  });
  if (!answer.status || !answer.eta) throw new Error(`refused: ${JSON.stringify(answer)}`);
  const { id } = answer.order;
  const now = bench.clock.now();
  evening.orders.set(id, {
    arrival,
    zone,
    promised: now + answer.eta[1] * MINUTE,
    delivered: null,
  });
  // Staff accept at once with the minutes the queue offers (the server's default at Aceptar).
  const accepted = await bench.orders.changeStatus(id, { status: 'accepted' }, bench.staff);
  if ('error' in accepted) throw new Error(`accept ${id}: ${accepted.error}`);
  schedule(evening, { at: evening.cook(now, arrival.work), kind: 'ready', id });
}

async function ready(evening: Evening, id: number) {
  const { bench } = evening;
  const done = await bench.orders.changeStatus(id, { status: 'ready' }, bench.staff);
  if ('error' in done) throw new Error(`ready ${id}: ${done.error}`);
  evening.waiting.push(id);
  await handOut(evening);
}

/**
 * The courier's way (ROAD): to each door in turn, the handover, then `Entregado`; back from the
 * last door. Events for each `Entregado` and for walking in again.
 */
function ride(evening: Evening, rider: Rider, ids: number[]) {
  let at = evening.bench.clock.now();
  let from: DeliveryOrder | null = null;
  for (const id of ids) {
    const order = evening.orders.get(id)!;
    const way = from
      ? Math.abs(order.zone.minutes - from.zone.minutes) + ROAD.betweenDoors
      : order.zone.minutes;
    at += (way * order.arrival.travel + order.arrival.handover) * MINUTE;
    schedule(evening, { at, kind: 'door', id, courier: rider.acting });
    from = order;
  }
  at += from!.zone.minutes * from!.arrival.back * MINUTE;
  schedule(evening, { at, kind: 'back', courier: rider });
}

/**
 * Staff hand the ready orders to the couriers at the branch, the longest waiting of both first:
 * up to ORDERS_PER_TRIP to one courier when that many wait, the nearest door first. The courier
 * leaves at once (`Salí`).
 */
async function handOut(evening: Evening) {
  const { bench, dispatch } = evening;
  for (;;) {
    const rider = evening.riders.filter((r) => !r.out).sort((a, b) => a.since - b.since)[0];
    if (!rider || evening.waiting.length === 0) return;
    const ids = evening.waiting
      .splice(0, ORDERS_PER_TRIP)
      .sort((a, b) => evening.orders.get(a)!.zone.minutes - evening.orders.get(b)!.zone.minutes);
    const trip = await dispatch.createTrip(bench.staff, bench.branchId, {
      courier_id: rider.acting.id,
      order_ids: ids,
    });
    await dispatch.depart(rider.acting, trip.id);
    rider.out = true;
    evening.trips += 1;
    if (ids.length > 1) evening.batched += 1;
    ride(evening, rider, ids);
  }
}

async function door(evening: Evening, id: number, courier: Acting) {
  await evening.dispatch.delivered(courier, id);
  evening.orders.get(id)!.delivered = evening.bench.clock.now();
}

async function back(evening: Evening, rider: Rider) {
  rider.out = false;
  rider.since = evening.bench.clock.now();
  await handOut(evening);
}

/** The dispatch service as its plugin builds it: no sockets, the real change log, the default settings. */
function dispatchOf(bench: Bench, mode: EstimateMode) {
  const dispatch = createDispatchService({
    db: bench.db,
    dialect: bench.dialect,
    clock: bench.clock,
    realtime: {
      toBranch: () => {},
      toCourier: () => {},
      toUser: () => {},
      toUserAndBranch: () => {},
    },
    audit: bench.audit,
    settings: { positionRetentionHours: 24, speedKmh: 22 },
  });
  bench.orders.afterStep(dispatch.afterStaffStep);
  if (mode === 'courier-aware') bench.orders.useDeliveryLeg(dispatch.deliveryLeg);
  return dispatch;
}

async function run(evening: Evening) {
  while (evening.events.length > 0) {
    evening.events.sort((a, b) => a.at - b.at);
    const event = evening.events.shift()!;
    evening.bench.clock.at = event.at;
    if (event.kind === 'arrive') await arrive(evening, event.arrival);
    else if (event.kind === 'ready') await ready(evening, event.id);
    else if (event.kind === 'door') await door(evening, event.id, event.courier);
    else await back(evening, event.courier);
  }
}

/** One evening (`dayStart`, its `seed`) with the estimate in `mode`; every order delivered. */
export function replayEvening(mode: EstimateMode, dayStart: number, seed: number) {
  return withBench(ORDERS_PER_SLOT, async (bench) => {
    bench.clock.at = dayStart + (EVENING_FROM_HOUR - 1) * 60 * MINUTE;
    const dispatch = dispatchOf(bench, mode);
    const zones = await customerZones(bench);
    const couriers = await couriersOnShift(bench, dispatch);
    const events: Event[] = eveningArrivals(dayStart, seed, zones.length).map((arrival) => ({
      at: arrival.at,
      kind: 'arrive',
      arrival,
    }));
    const riders = couriers.map((acting) => ({ acting, out: false, since: bench.clock.now() }));
    const evening: Evening = {
      ...{ bench, dispatch, mode, zones, events, riders, cook: kitchen() },
      ...{ orders: new Map(), waiting: [], trips: 0, batched: 0 },
    };
    await run(evening);
    const orders = [...evening.orders.values()];
    if (orders.some((order) => order.delivered === null))
      throw new Error('an order was never delivered');
    return {
      errors: orders.map((order) => (order.delivered! - order.promised) / MINUTE),
      delivered: orders.map((order) => order.delivered!),
      trips: evening.trips,
      batched: evening.batched,
    };
  });
}
