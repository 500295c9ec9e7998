// bench:promise's dinner peak of delivery orders (decision 068): who orders when and
// where, how the way to each door really goes, and the branch's couriers, their accounts and
// shifts made through the production dispatch functions.
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types';
import type { DispatchService } from '../src/modules/dispatch/service';
import type { Acting } from '../src/modules/dispatch/types';
import { kitchenWork, MINUTE, random, type Bench } from './promise-kit';

/** Couriers on shift through the evening (BENCH_COURIERS, default 2). */
export const COURIERS = Math.max(1, Math.floor(Number(process.env.BENCH_COURIERS ?? 2)));
/**
 * Delivery orders per hour at the dinner peak (BENCH_PEAK, default 6): about one and a half times
 * what two couriers carry in an hour (a trip to a 15–25-minute zone and back is 40–60 minutes,
 * two orders on it when two wait), so for an hour or so every courier is out.
 */
export const PEAK = Math.max(1, Number(process.env.BENCH_PEAK ?? 6));
/** Delivery orders per hour: 1/h through the evening, PEAK at 20:00 (σ 36 min). */
const rate = (hour: number) => 1 + (PEAK - 1) * Math.exp(-((hour - 20) ** 2) / (2 * 0.6 ** 2));
export const EVENING_FROM_HOUR = 18;
const EVENING_TO_HOUR = 22.5;
/**
 * The way as it really goes, against the estimate's zone minutes and 3-minute handover: each leg
 * takes its zone's minutes ×0.8–1.3 (traffic makes it later more often than earlier); from one
 * door to the next, the difference of their zones' minutes plus 4; 2–6 minutes at each door; back
 * from the last door its zone's minutes, with the same noise.
 */
export const ROAD = { slowest: 1.3, fastest: 0.8, betweenDoors: 4, handover: [2, 6] as const };

/** One customer of the evening, with everything random about their order drawn up front. */
export interface Arrival {
  at: number;
  units: number;
  /** Which of the branch's zones the address is in (an index into its zones). */
  zone: number;
  /** The kitchen's minutes for this order. */
  work: number;
  /** The traffic on the way to this door, and back from it: factors of the zone's minutes. */
  travel: number;
  back: number;
  /** Minutes at the door. */
  handover: number;
}

/** The evening's customers: thinning of a Poisson process at the peak rate, over `zones` zones. */
export function eveningArrivals(dayStart: number, seed: number, zones: number): Arrival[] {
  const next = random(seed);
  const traffic = () => ROAD.fastest + next() * (ROAD.slowest - ROAD.fastest);
  const out: Arrival[] = [];
  let hour = EVENING_FROM_HOUR;
  while (hour < EVENING_TO_HOUR) {
    hour += -Math.log(1 - next()) / PEAK;
    if (next() > rate(hour) / PEAK || hour >= EVENING_TO_HOUR) continue;
    const units = 1 + Math.floor(next() * 5);
    out.push({
      at: dayStart + Math.round(hour * 60 * MINUTE),
      units,
      zone: Math.floor(next() * zones),
      work: kitchenWork(units, next),
      travel: traffic(),
      back: traffic(),
      handover: ROAD.handover[0] + next() * (ROAD.handover[1] - ROAD.handover[0]),
    });
  }
  return out;
}

/** A delivery zone of the branch as the customer's saved address in it. */
export interface Zone {
  minutes: number;
  addressId: number;
}

/** The branch's zones (the demo's: 15 to 25 minutes away), each with an address of the customer. */
export async function customerZones(bench: Bench): Promise<Zone[]> {
  const { db } = bench;
  await db
    .updateTable('branches')
    .set({ delivery_available: 1, auto_offer_courier: 0, dispatch_from_preparing: 0 })
    .where('id', '=', bench.branchId)
    .execute();
  // The simulated baskets are one product's units, under some zones' minimum order (the demo
  // seed's): the bench measures time, not baskets.
  await db
    .updateTable('branch_delivery_zones')
    .set({ min_order: 0 })
    .where('branch_id', '=', bench.branchId)
    .execute();
  const zones = await db
    .selectFrom('branch_delivery_zones')
    .select(['neighbourhood', 'delivery_minutes'])
    .where('branch_id', '=', bench.branchId)
    .orderBy('id')
    .execute();
  const out: Zone[] = [];
  for (const [index, zone] of zones.entries()) {
    const address = await db
      .insertInto('addresses')
      .values({
        user_id: bench.customer.id,
        label: `Bench ${index + 1}`,
        address: `Cl. ${150 + index} #58-${10 + index}`,
        neighbourhood: zone.neighbourhood,
        city: 'Bogotá',
        created_at: new Date(bench.clock.now()).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    out.push({ minutes: zone.delivery_minutes, addressId: address.id });
  }
  return out;
}

/** The branch's couriers (the demo's two), and more accounts when BENCH_COURIERS asks for more. */
async function courierAccounts(db: Kysely<Database>, branchId: number, at: string) {
  const courierIds = async () =>
    db
      .selectFrom('users as u')
      .innerJoin('staff_branches as sb', 'sb.user_id', 'u.id')
      .select(['u.id', 'u.email'])
      .where('sb.branch_id', '=', branchId)
      .where('u.role', '=', 'courier')
      .orderBy('u.id')
      .execute();
  for (let n = (await courierIds()).length + 1; n <= COURIERS; n += 1) {
    const user = await db
      .insertInto('users')
      .values({
        name: `Domiciliario ${n}`,
        email: `reparto-bench-${n}@comanda.test`,
        phone: `300000${String(n).padStart(4, '0')}`,
        password_hash: '!',
        role: 'courier',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('staff_branches')
      .values({ user_id: user.id, branch_id: branchId })
      .execute();
  }
  return (await courierIds()).slice(0, COURIERS);
}

/** COURIERS couriers, each clocked in at the branch from their phone (setShift). */
export async function couriersOnShift(bench: Bench, dispatch: DispatchService): Promise<Acting[]> {
  const at = new Date(bench.clock.now()).toISOString();
  const accounts = await courierAccounts(bench.db, bench.branchId, at);
  const couriers = accounts.map((account) => ({ ...account, branch_ids: [bench.branchId] }));
  for (const courier of couriers)
    await dispatch.setShift(courier, { on: true, branch_id: bench.branchId });
  return couriers;
}
