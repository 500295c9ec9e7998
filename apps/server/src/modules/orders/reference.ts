import { foldText, isOpenAt, type DateException, type Interval } from '@comanda/shared';
import type { CatalogChange } from '../../plugins/catalog-events';
import { exceptionFromRow, exceptionsFrom } from '../../lib/branch-exceptions';
import { ttlMemo } from '../../lib/ttl-memo';
import type { ZoneRule } from './delivery-zone';
import { menuSnapshot } from './menu-snapshot';
import type { OrdersRepository } from './repository';

const MINUTE = 60_000;

/**
 * Reference data an order is checked against, remembered for a second: a branch's name,
 * hours and coverage, the payment types change by hand, rarely, and a second late is harmless.
 * A branch's pause is remembered with the branch, but every node forgets it the moment a
 * change is published (forget, through catalog-events): the second is only the bound when a
 * node misses that message. The menu (prices, availability, option groups) is kept the same
 * way in menu-snapshot.ts: dropped on every published change, so the next order sees it.
 */
export function orderReference(repository: OrdersRepository, now: () => Date) {
  const REFERENCE_TTL_MS = 1000;
  const branchOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.findBranch(id));
  const hoursOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.branchHours(id));
  const zonesOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.deliveryZones(id));
  const exceptionsOf = ttlMemo(REFERENCE_TTL_MS, async (id: number) =>
    (await repository.branchExceptions(id, exceptionsFrom(now()))).map(exceptionFromRow),
  );
  const paymentOf = ttlMemo(REFERENCE_TTL_MS, (id: number) => repository.findPaymentType(id));
  const menu = menuSnapshot(repository, REFERENCE_TTL_MS);
  return {
    branchOf,
    hoursOf,
    zonesOf,
    exceptionsOf,
    paymentOf,
    menu,
    zoneAt: zoneIndex(zonesOf),
    openAt: openCache(),
    /** Placement must not use a remembered branch or menu after it changed (a pause, a price, a sold-out switch). */
    forget(change: CatalogChange): void {
      if (change.type === 'branch')
        for (const memo of [branchOf, hoursOf, zonesOf, exceptionsOf])
          memo.forget(change.branch_id);
      // A wider change (the back office's menu, branches, payment types): everything placement remembers.
      if (change.type === 'catalog')
        for (const memo of [branchOf, hoursOf, zonesOf, exceptionsOf, paymentOf]) memo.clear();
      menu.forget(change);
    },
  };
}

export type OrderReference = ReturnType<typeof orderReference>;

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
