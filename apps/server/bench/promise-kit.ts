// What the replays of bench:promise share (promise.ts says what they measure): seeded random
// numbers, the kitchen the orders are cooked in, a fresh demo database whose branch is open all
// day with the production orders service on a simulated clock, and the errors' summary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DialectName } from '../src/db/dialect';
import { openDatabase } from '../src/db/open';
import type { Database } from '../src/db/types';
import type { Clock } from '../src/lib/clock';
import { createAuditService, type AuditService } from '../src/modules/audit/service';
import {
  createOrdersDeps,
  createOrdersService,
  type OrdersService,
} from '../src/modules/orders/service';
import type { Customer } from '../src/modules/orders/types';

export const MINUTE = 60_000;
/** The kitchen the orders are cooked in (not the promise's own parameters: see decision 037). */
export const KITCHEN = { stations: 10, fixedMinutes: 13, minutesPerUnit: 2.2, noise: 0.2 };
/** The branch's usual preparation minutes. */
export const PREP_MINUTES = 20;
/** The branch every replay runs at: the demo's first, whose two couriers the seed makes. */
const BRANCH_SLUG = 'campina';

/** A small seeded generator (mulberry32): both replays of a day see the same day. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The minutes a kitchen station takes for an order of `units`, with its noise drawn from `next`. */
export function kitchenWork(units: number, next: () => number) {
  const noise = 1 + (next() * 2 - 1) * KITCHEN.noise;
  return (KITCHEN.fixedMinutes + units * KITCHEN.minutesPerUnit) * noise;
}

/** The kitchen's stations: when each is free (ms). An order fired now is ready when returned. */
export function kitchen() {
  const stations = Array.from({ length: KITCHEN.stations }, () => 0);
  return (now: number, workMinutes: number) => {
    stations.sort((a, b) => a - b);
    stations[0] = Math.max(now, stations[0]!) + workMinutes * MINUTE;
    return stations[0];
  };
}

/** One replay's world: the database, its clock, the branch, what the customer orders, the service. */
export interface Bench {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock & { at: number };
  audit: AuditService;
  branchId: number;
  productId: number;
  customer: Customer;
  /** Staff at the counter, who accept, mark ready and hand orders to couriers. */
  staff: { id: number; email: string };
  orders: OrdersService;
}

/** The branch open 10:00–24:00 every day, at its usual minutes, no rush, no pause. */
async function openAllDay(db: Kysely<Database>, branchId: number, ordersPerSlot: number) {
  await db.deleteFrom('branch_hours').where('branch_id', '=', branchId).execute();
  await db.deleteFrom('branch_exceptions').where('branch_id', '=', branchId).execute();
  await db
    .insertInto('branch_hours')
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        branch_id: branchId,
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
      orders_per_slot: ordersPerSlot,
      units_per_slot: null,
    })
    .where('id', '=', branchId)
    .execute();
}

/** The first active product that needs no choice: what every simulated customer orders. */
const plainProduct = (db: Kysely<Database>) =>
  db
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

async function userOf(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'phone', 'email'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

/** The production orders service as the plugin builds it, but on the simulated clock, unthrottled. */
function ordersOf(db: Kysely<Database>, dialect: DialectName, clock: Clock, audit: AuditService) {
  return createOrdersService(
    createOrdersDeps({
      db,
      dialect,
      clock,
      realtime: { toBranch: () => {}, toUserAndBranch: () => {} },
      audit,
      rateLimiter: {
        hit: async () => ({ allowed: true, retryAfter: 0, count: 0 }),
        refund: async () => undefined,
      },
      limits: { ordersPerMinute: 1_000_000, maxUnits: 100, maxTotal: 100_000_000 },
      writers: 1,
    }),
  );
}

/**
 * Runs `replay` on a fresh SQLite database, migrated and seeded with the demo chain as the server
 * does, and deletes it afterwards.
 */
export async function withBench<T>(
  ordersPerSlot: number,
  replay: (bench: Bench) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'comanda-promise-'));
  const handle = await openDatabase({ url: join(dir, 'bench.db'), seedDemo: true });
  try {
    const { db, dialect } = handle;
    const clock = { at: 0, now: () => clock.at };
    const audit = createAuditService({ db, clock });
    const branch = await db
      .selectFrom('branches')
      .select('id')
      .where('slug', '=', BRANCH_SLUG)
      .executeTakeFirstOrThrow();
    await openAllDay(db, branch.id, ordersPerSlot);
    const user = await userOf(db, 'cliente@comanda.test');
    return await replay({
      db,
      dialect,
      clock,
      audit,
      branchId: branch.id,
      productId: (await plainProduct(db)).id,
      customer: {
        id: user.id,
        role: 'customer',
        branch_ids: [],
        second_factor: 'not_needed',
        name: user.name,
        phone: user.phone,
      },
      staff: await userOf(db, 'campina@comanda.test'),
      orders: ordersOf(db, dialect, clock, audit),
    });
  } finally {
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

export interface Summary {
  p50: number;
  p90: number;
  p99: number;
  /** The share of errors above the lateness the table names. */
  late: number;
}

/** Errors in minutes (late positive): their p50, p90, p99 and the share later than `lateAfter`. */
export function summary(errors: number[], lateAfter: number): Summary {
  const sorted = [...errors].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    late: errors.filter((e) => e > lateAfter).length / Math.max(1, errors.length),
  };
}

const figure = (v: number) => v.toFixed(1).padStart(7);

/** One line of a side-by-side table: the promise's name, then its summary. */
export const summaryRow = (name: string, e: Summary) =>
  `${name.padEnd(26)}${figure(e.p50)}  ${figure(e.p90)}  ${figure(e.p99)}   ${(e.late * 100).toFixed(1).padStart(5)}%`;
