import { foldText, isOpenAt, type DateException, type Interval } from '@comanda/shared';
import type { CatalogChange } from '../../../plugins/catalog-events';
import { exceptionFromRow, exceptionsFrom } from '../../../lib/branch-exceptions';
import { nowDate, type Clock } from '../../../lib/clock';
import { chainPromotions } from '../../../lib/promotion-rules';
import { ttlMemo } from '../../../lib/ttl-memo';
import type { OrdersStore, ZoneRule } from '../types';
import { menuSnapshot } from './menu-snapshot';
import {
  branchExceptions,
  branchHours,
  deliveryZones,
  findBranch,
  findPaymentType,
  optionsOf,
  productsAtBranch,
  soldOutOptionsAt,
} from './reference-repository';

const MINUTE = 60_000;
const REFERENCE_TTL_MS = 1000;

/**
 * Reference data an order is checked against, remembered for a second: a branch's name,
 * hours and coverage, the payment types change by hand, rarely, and a second late is harmless.
 * A branch's pause is remembered with the branch, but every node forgets it the moment a
 * change is published (forgetReference, through catalog-events): the second is only the bound
 * when a node misses that message. The menu (prices, availability, option groups) is kept the
 * same way in menu-snapshot.ts: dropped on every published change, so the next order sees it.
 * This is state (the memos), made once by the plugin; the functions that read it take it.
 */
export function createOrderReference(store: OrdersStore, clock: Clock) {
  const now = () => clock.now();
  const branchOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => findBranch(store, id), now);
  const hoursOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => branchHours(store, id), now);
  const zonesOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => deliveryZones(store, id), now);
  const exceptionsOf = ttlMemo(
    REFERENCE_TTL_MS,
    async (id: number) =>
      (await branchExceptions(store, id, exceptionsFrom(nowDate(clock)))).map(exceptionFromRow),
    now,
  );
  const paymentOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => findPaymentType(store, id), now);
  // The chain's promotions, one list (a handful of rules); key 0 is the only key.
  const promotions = ttlMemo(REFERENCE_TTL_MS, (_: 0) => chainPromotions(store.db), now);
  const menu = menuSnapshot(
    {
      productsAtBranch: (id) => productsAtBranch(store, id),
      optionsOf: (id) => optionsOf(store, id),
      soldOutOptionsAt: (id) => soldOutOptionsAt(store, id),
    },
    REFERENCE_TTL_MS,
    now,
  );
  return {
    branchOf,
    hoursOf,
    zonesOf,
    exceptionsOf,
    paymentOf,
    promotions,
    promotionsOf: () => promotions(0),
    menu,
    zoneAt: zoneIndex(zonesOf),
    openAt: openCache(),
  };
}

export type OrderReference = ReturnType<typeof createOrderReference>;

/** Placement must not use a remembered branch, menu or promotion after it changed (a pause, a price, a sold-out switch, a rule). */
export function forgetReference(reference: OrderReference, change: CatalogChange): void {
  const { branchOf, hoursOf, zonesOf, exceptionsOf, paymentOf, promotions, menu } = reference;
  if (change.type === 'branch')
    for (const memo of [branchOf, hoursOf, zonesOf, exceptionsOf]) memo.forget(change.branch_id);
  // A wider change (the back office's menu, branches, payment types): everything placement remembers.
  if (change.type === 'catalog')
    for (const memo of [branchOf, hoursOf, zonesOf, exceptionsOf, paymentOf, promotions])
      memo.clear();
  menu.forget(change);
}

/**
 * A branch's zones by folded name, made once per read of them (the memo answers the same array
 * for a second): an order folds only its own address's neighbourhood, not every zone's.
 */
function zoneIndex(zonesOf: (branchId: number) => Promise<readonly ZoneRule[]>) {
  const zoneIndexes = new WeakMap<readonly ZoneRule[], Map<string, ZoneRule>>();
  return async function zoneAt(
    branchId: number,
    neighbourhood: string,
  ): Promise<ZoneRule | undefined> {
    const zones = await zonesOf(branchId);
    let index = zoneIndexes.get(zones);
    if (!index) {
      index = new Map();
      // The first zone of a name wins, as zoneFor's search would find it.
      for (const zone of zones) {
        const key = foldText(zone.neighbourhood);
        if (!index.has(key)) index.set(key, zone);
      }
      zoneIndexes.set(zones, index);
    }
    return index.get(foldText(neighbourhood));
  };
}

/**
 * Hours and exceptions are whole minutes: whether a branch is open holds for the minute, for
 * the hours and exceptions the memos answered (a re-read answers new arrays).
 */
function openCache() {
  const openNow = new WeakMap<
    readonly Interval[],
    { exceptions: readonly DateException[]; minute: number; open: boolean }
  >();
  return function openAt(
    hours: readonly Interval[],
    exceptions: readonly DateException[],
    at: Date,
  ): boolean {
    const minute = Math.floor(at.getTime() / MINUTE);
    const known = openNow.get(hours);
    if (known && known.exceptions === exceptions && known.minute === minute) return known.open;
    const open = isOpenAt(hours, at, undefined, exceptions);
    openNow.set(hours, { exceptions, minute, open });
    return open;
  };
}
