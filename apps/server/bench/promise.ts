// npm run bench:promise — how good is the promise? (decision 037,
// docs/benchmarks/log/2026-11-26-evening-promise-from-the-queue.md)
//
// Replays one day at one branch through the production orders service on a real SQLite
// database (migrated and seeded as the server does), with a simulated clock: Poisson arrivals
// shaped by a lunch and a dinner peak, a fifth of them scheduled for a slot, staff who accept
// each order when it fires with the minutes the server offers, and a kitchen that prepares
// KITCHEN.stations orders at once, each taking a fixed part plus a part per unit, with noise.
// Each day (its own seed) is replayed twice: staff accepting with the queue-based promise
// (the server's default at Aceptar), and with today's constant (the branch's usual minutes).
// Prints, for the orders as soon as possible, ready − promised (minutes) p50/p90/p99 and the
// share late by more than 5 minutes, side by side, and the scheduled orders refused for a full
// slot: for each of BENCH_DAYS days (default 5; different traffic, same model), then over all
// of them. One day is one sample of the traffic, not a result.
//   BENCH_DAYS=5 npm run bench:promise
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, chainDayRange, SLOT_MINUTES } from '@comanda/shared';
import { openDatabase } from '../src/db/open';
import { createAuditRepository } from '../src/modules/audit/repository';
import { createAuditService } from '../src/modules/audit/service';
import { createOrdersDeps, createOrdersService } from '../src/modules/orders/service';
import type { Customer } from '../src/modules/orders/types';

const MINUTE = 60_000;
/** The kitchen the day is replayed against (not the promise's own parameters: see decision 037). */
const KITCHEN = { stations: 10, fixedMinutes: 13, minutesPerUnit: 2.2, noise: 0.2 };
const PREP_MINUTES = 20;
const ORDERS_PER_SLOT = 4;
const SCHEDULED_SHARE = 0.2;
/** Arrivals per hour by hour of the day: 4/h off-peak, 60/h at 13:00 and at 20:00. */
const rate = (hour: number) =>
  4 +
  56 * Math.exp(-((hour - 13) ** 2) / (2 * 0.6 ** 2)) +
  56 * Math.exp(-((hour - 20) ** 2) / (2 * 0.6 ** 2));
const DAY_FROM_HOUR = 11;
const DAY_TO_HOUR = 23;

/** A small seeded generator (mulberry32): both replays see the same day. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
    const noise = 1 + (next() * 2 - 1) * KITCHEN.noise;
    const work = (KITCHEN.fixedMinutes + units * KITCHEN.minutesPerUnit) * noise;
    out.push({ at: dayStart + hour * 60 * MINUTE, units, ahead, work });
  }
  return out;
}

type Event =
  | { at: number; kind: 'arrive'; arrival: Arrival }
  | { at: number; kind: 'fire'; id: number; work: number; asap: boolean }
  | { at: number; kind: 'ready'; id: number };

async function replay(mode: 'queue' | 'constant', day: string, seed: number) {
  const dir = mkdtempSync(join(tmpdir(), 'comanda-promise-'));
  const handle = await openDatabase({ url: join(dir, 'bench.db'), seedDemo: true });
  let clock = 0;
  try {
    const { db } = handle;
    const branch = await db
      .selectFrom('branches')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('branch_hours').where('branch_id', '=', branch.id).execute();
    await db.deleteFrom('branch_exceptions').where('branch_id', '=', branch.id).execute();
    await db
      .insertInto('branch_hours')
      .values(
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          branch_id: branch.id,
          weekday,
          opens: '10:00',
          closes: '24:00',
        })),
      )
      .execute();
    await db
      .updateTable('branches')
      .set({
        prep_minutes: PREP_MINUTES,
        rush_minutes: 0,
        paused_until: null,
        pickup_available: 1,
        orders_per_slot: ORDERS_PER_SLOT,
        units_per_slot: null,
      })
      .where('id', '=', branch.id)
      .execute();
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('active', '=', 1)
      .where(
        'id',
        'not in',
        db.selectFrom('modifier_groups').select('product_id').where('required', '=', 1),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select(['id', 'name', 'phone'])
      .where('email', '=', 'cliente@comanda.test')
      .executeTakeFirstOrThrow();
    const customer: Customer = {
      id: user.id,
      role: 'customer',
      branch_ids: [],
      name: user.name,
      phone: user.phone,
    };
    const staff = { id: user.id, email: 'staff@comanda.test' };
    const service = createOrdersService(
      createOrdersDeps({
        db,
        dialect: handle.dialect,
        clock: { now: () => clock },
        realtime: { toBranch: () => {}, toUserAndBranch: () => {} },
        audit: createAuditService(createAuditRepository(db), { now: () => clock }),
        rateLimiter: { hit: async () => ({ allowed: true, retryAfter: 0 }) },
        limits: { ordersPerMinute: 1_000_000, maxUnits: 100, maxTotal: 100_000_000 },
        writers: 1,
      }),
    );

    const dayStart = chainDayRange(day).start.getTime();
    const events: Event[] = arrivals(dayStart, seed).map((arrival) => ({
      at: arrival.at,
      kind: 'arrive',
      arrival,
    }));
    const stations = Array.from({ length: KITCHEN.stations }, () => 0);
    const promised = new Map<number, number>();
    const errors: number[] = [];
    let refused = 0;
    let scheduled = 0;
    let n = 0;
    while (events.length > 0) {
      events.sort((a, b) => a.at - b.at);
      const event = events.shift()!;
      clock = event.at;
      if (event.kind === 'arrive') {
        const { arrival } = event;
        const slot =
          arrival.ahead === null
            ? null
            : new Date(
                Math.ceil((clock + arrival.ahead * MINUTE) / (SLOT_MINUTES * MINUTE)) *
                  SLOT_MINUTES *
                  MINUTE,
              ).toISOString();
        const answer = await service.place(customer, {
          client_order_id: `bench-${mode}-${n++}`,
          branch_office: { id: branch.id },
          payment: { id: 1 },
          detail: [{ id: product.id, quantity: arrival.units, modifier_group: [] }],
          type_delivery: 1,
          scheduled_for: slot,
        });
        if (!answer.status) {
          if (answer.errors.scheduled_for) refused += 1;
          else throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
          continue;
        }
        if (slot) scheduled += 1;
        const fire = Date.parse(answer.order.fire_at);
        events.push({
          at: Math.max(clock, fire),
          kind: 'fire',
          id: answer.order.id,
          work: arrival.work,
          asap: slot === null,
        });
      } else if (event.kind === 'fire') {
        // Staff accept at once with the minutes offered: the queue's, or the usual constant.
        const accepted = await service.changeStatus(
          event.id,
          { status: 'accepted', ...(mode === 'constant' ? { prep_minutes: PREP_MINUTES } : {}) },
          staff,
        );
        if ('error' in accepted) throw new Error(`accept ${event.id}: ${accepted.error}`);
        if (event.asap) promised.set(event.id, Date.parse(accepted.order.promised_at!));
        stations.sort((a, b) => a - b);
        const start = Math.max(clock, stations[0]!);
        stations[0] = start + event.work * MINUTE;
        events.push({ at: stations[0], kind: 'ready', id: event.id });
      } else {
        const done = await service.changeStatus(event.id, { status: 'ready' }, staff);
        if ('error' in done) throw new Error(`ready ${event.id}: ${done.error}`);
        const promise = promised.get(event.id);
        if (promise !== undefined) errors.push((clock - promise) / MINUTE);
      }
    }
    return { errors, refused, scheduled, total: n };
  } finally {
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

function summary(errors: number[]) {
  const sorted = [...errors].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    late: errors.filter((e) => e > 5).length / Math.max(1, errors.length),
  };
}

// A day well ahead of today's date; the clock is simulated, the calendar real.
const day = addDays(new Date().toISOString().slice(0, 10), 3);
const days = Math.max(1, Number(process.env.BENCH_DAYS ?? 5));
const f = (v: number) => v.toFixed(1).padStart(7);
const row = (name: string, e: ReturnType<typeof summary>) =>
  `${name.padEnd(22)}${f(e.p50)}  ${f(e.p90)}  ${f(e.p99)}   ${(e.late * 100).toFixed(1).padStart(5)}%`;
console.log(`bench:promise — ${days} day(s) of traffic at one branch, simulated clock, SQLite`);
console.log(
  `kitchen: ${KITCHEN.stations} stations, ${KITCHEN.fixedMinutes} min + ${KITCHEN.minutesPerUnit} min/unit ±${KITCHEN.noise * 100}%; usual prep ${PREP_MINUTES} min; ${ORDERS_PER_SLOT} scheduled orders per 15-min slot`,
);
const all = { queue: [] as number[], constant: [] as number[] };
for (let index = 0; index < days; index += 1) {
  const seed = 2026 + index;
  const queue = await replay('queue', day, seed);
  const constant = await replay('constant', day, seed);
  all.queue.push(...queue.errors);
  all.constant.push(...constant.errors);
  console.log(
    `\nday ${index + 1} (seed ${seed}): ${queue.total} arrivals (${queue.scheduled} scheduled, ${queue.refused} refused for a full slot); ASAP measured: ${queue.errors.length}`,
  );
  console.log('ready − promised (min)      p50      p90      p99   late>5min');
  console.log(row('queue-based promise', summary(queue.errors)));
  console.log(row('constant promise', summary(constant.errors)));
}
console.log(`\nall ${days} day(s): ${all.queue.length} orders as soon as possible`);
console.log('ready − promised (min)      p50      p90      p99   late>5min');
console.log(row('queue-based promise', summary(all.queue)));
console.log(row('constant promise', summary(all.constant)));
