import {
  deliveryEstimate,
  describeClosed,
  describePaused,
  isOpenAt,
  type Branch,
} from '@comanda/shared';
import { exceptionFromRow, exceptionsFrom } from '../../lib/branch-exceptions';
import { pauseState } from '../../lib/branch-pause';
import type { DbExecutor } from '../../db/types';
import { listBranches, type BranchRows } from './repository';

/** One branch as the storefront reads it: hours, whether it is open and taking orders, zones. */
function branchOf(branch: BranchRows['branches'][number], rows: BranchRows, at: Date): Branch {
  const opening_hours = rows.hours
    .filter((h) => h.branch_id === branch.id)
    .map(({ weekday, opens, closes }) => ({ weekday, opens, closes }));
  const opening_exceptions = rows.exceptions
    .filter((e) => e.branch_id === branch.id)
    .map(exceptionFromRow);
  const open_now = isOpenAt(opening_hours, at, undefined, opening_exceptions);
  const branchZones = rows.zones.filter((z) => z.branch_id === branch.id);
  const pause = pauseState(branch.paused_until, at);
  const place = rows.places.find((p) => p.ref_id === branch.id);
  // Every estimate the storefront shows comes from here (and coverage), by the shared rule.
  const estimate = (zone_minutes: number) =>
    deliveryEstimate({
      prep_minutes: branch.prep_minutes,
      rush_minutes: branch.rush_minutes,
      zone_minutes,
    });
  return {
    id: branch.id,
    slug: branch.slug,
    title: branch.title,
    address: branch.address,
    phone: branch.phone,
    city: branch.city,
    location: place ? { lat: place.lat, lng: place.lng } : null,
    opening_hours,
    opening_exceptions: opening_exceptions.map((e) => ({
      date: e.date,
      closed: e.closed,
      ranges: [...e.ranges],
    })),
    open_now,
    accepting_orders: open_now && !pause.paused,
    resumes_at: pause.resumes_at?.toISOString() ?? null,
    closed: open_now ? null : describeClosed(opening_hours, opening_exceptions, at),
    paused: pause.paused ? describePaused(pause.resumes_at, at) : null,
    prep_minutes: branch.prep_minutes,
    rush_minutes: branch.rush_minutes,
    eta: { pickup: estimate(0) },
    pickup: { available: branch.pickup_available === 1 },
    delivery: {
      available: branch.delivery_available === 1,
      neighbourhoods: branchZones.map((z) => z.neighbourhood),
      zones: branchZones.map(({ neighbourhood, fee, min_order, delivery_minutes }) => ({
        neighbourhood,
        fee,
        min_order,
        delivery_minutes,
        eta: estimate(delivery_minutes),
      })),
    },
  };
}

/** Every active branch at `at`, in the storefront's order. */
export async function branchesAt(db: DbExecutor, at: Date): Promise<Branch[]> {
  const rows = await listBranches(db, exceptionsFrom(at));
  return rows.branches.map((branch) => branchOf(branch, rows, at));
}
