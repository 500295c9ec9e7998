// bench:promise's first part (decision 037): one day of orders for pickup at one branch, a fifth
// scheduled for a slot, accepted by staff when they fire with the minutes offered (the queue's,
// or the usual constant), and cooked in the simulated kitchen. Error: ready − promised.
import { SLOT_MINUTES } from '@comanda/shared';
import {
  kitchen,
  kitchenWork,
  MINUTE,
  PREP_MINUTES,
  random,
  withBench,
  type Bench,
} from './promise-kit';

/** Scheduled orders a 15-minute slot takes. */
export const ORDERS_PER_SLOT = 4;
const SCHEDULED_SHARE = 0.2;
/** Arrivals per hour by hour of the day: 4/h off-peak, 60/h at 13:00 and at 20:00. */
const rate = (hour: number) =>
  4 +
  56 * Math.exp(-((hour - 13) ** 2) / (2 * 0.6 ** 2)) +
  56 * Math.exp(-((hour - 20) ** 2) / (2 * 0.6 ** 2));
const DAY_FROM_HOUR = 11;
const DAY_TO_HOUR = 23;

interface Arrival {
  at: number;
  units: number;
  /** Minutes ahead a scheduled customer wants it; null: as soon as possible. */
  ahead: number | null;
  work: number;
}

/** The day's customers: thinning of a Poisson process at the peak rate. */
function arrivals(dayStart: number, seed: number): Arrival[] {
  const next = random(seed);
  const peak = 60;
  const out: Arrival[] = [];
  let hour = DAY_FROM_HOUR;
  while (hour < DAY_TO_HOUR) {
    hour += -Math.log(1 - next()) / peak;
    if (next() > rate(hour) / peak || hour >= DAY_TO_HOUR) continue;
    const units = 1 + Math.floor(next() * 5);
    const ahead = next() < SCHEDULED_SHARE ? 45 + Math.floor(next() * 120) : null;
    const work = kitchenWork(units, next);
    out.push({ at: dayStart + hour * 60 * MINUTE, units, ahead, work });
  }
  return out;
}

type Event =
  | { at: number; kind: 'arrive'; arrival: Arrival }
  | { at: number; kind: 'fire'; id: number; work: number; asap: boolean }
  | { at: number; kind: 'ready'; id: number };

export type Mode = 'queue' | 'constant';

/** The day as it goes: what is still to happen and what was measured. */
interface Day {
  bench: Bench;
  mode: Mode;
  events: Event[];
  cook: ReturnType<typeof kitchen>;
  promised: Map<number, number>;
  errors: number[];
  refused: number;
  scheduled: number;
  placed: number;
}

/** The start of the 15-minute slot a customer who wants it `ahead` minutes from now asks for. */
const slotFor = (now: number, ahead: number) =>
  new Date(
    Math.ceil((now + ahead * MINUTE) / (SLOT_MINUTES * MINUTE)) * SLOT_MINUTES * MINUTE,
  ).toISOString();

async function arrive(day: Day, arrival: Arrival) {
  const { bench } = day;
  const now = bench.clock.now();
  const slot = arrival.ahead === null ? null : slotFor(now, arrival.ahead);
  const answer = await bench.orders.place(bench.customer, {
    client_order_id: `bench-${day.mode}-${day.placed++}`,
    branch_office: { id: bench.branchId },
    payment: { id: 1 },
    detail: [{ id: bench.productId, quantity: arrival.units, modifier_group: [] }],
    type_delivery: 1,
    scheduled_for: slot,
  });
  if (!answer.status) {
    if (answer.errors.scheduled_for) day.refused += 1;
    else throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
    return;
  }
  if (slot) day.scheduled += 1;
  day.events.push({
    at: Math.max(now, Date.parse(answer.order.fire_at)),
    kind: 'fire',
    id: answer.order.id,
    work: arrival.work,
    asap: slot === null,
  });
}

/** Staff accept at once with the minutes offered: the queue's, or the usual constant. */
async function fire(day: Day, event: Extract<Event, { kind: 'fire' }>) {
  const { bench } = day;
  const accepted = await bench.orders.changeStatus(
    event.id,
    { status: 'accepted', ...(day.mode === 'constant' ? { prep_minutes: PREP_MINUTES } : {}) },
    bench.staff,
  );
  if ('error' in accepted) throw new Error(`accept ${event.id}: ${accepted.error}`);
  if (event.asap) day.promised.set(event.id, Date.parse(accepted.order.promised_at!));
  const at = day.cook(bench.clock.now(), event.work);
  day.events.push({ at, kind: 'ready', id: event.id });
}

async function ready(day: Day, id: number) {
  const done = await day.bench.orders.changeStatus(id, { status: 'ready' }, day.bench.staff);
  if ('error' in done) throw new Error(`ready ${id}: ${done.error}`);
  const promise = day.promised.get(id);
  if (promise !== undefined) day.errors.push((day.bench.clock.now() - promise) / MINUTE);
}

/** One day (`dayStart`, its `seed`) with staff accepting with the `mode`'s minutes. */
export function replayDay(mode: Mode, dayStart: number, seed: number) {
  return withBench(ORDERS_PER_SLOT, async (bench) => {
    const day: Day = {
      bench,
      mode,
      events: arrivals(dayStart, seed).map((arrival) => ({
        at: arrival.at,
        kind: 'arrive',
        arrival,
      })),
      cook: kitchen(),
      promised: new Map(),
      errors: [],
      refused: 0,
      scheduled: 0,
      placed: 0,
    };
    while (day.events.length > 0) {
      day.events.sort((a, b) => a.at - b.at);
      const event = day.events.shift()!;
      bench.clock.at = event.at;
      if (event.kind === 'arrive') await arrive(day, event.arrival);
      else if (event.kind === 'fire') await fire(day, event);
      else await ready(day, event.id);
    }
    const { errors, refused, scheduled, placed } = day;
    return { errors, refused, scheduled, total: placed };
  });
}
