import type { Branch, CoverageEntry } from '@comanda/shared';
import { branchPoint, nearestFirst } from '@/features/branches/lib/nearest';
import type { Point } from '@/stores/customer-point';

/**
 * Another branch to pick the order up at while `current` takes none: one taking orders now and
 * offering pickup, the nearest to `from` (the customer's location when they shared it, else the
 * paused branch's own place), else the first the list gives.
 */
export function otherPickupBranch(
  branches: readonly Branch[],
  current: Branch,
  from: Point | null,
): Branch | null {
  const open = branches.filter(
    (branch) => branch.id !== current.id && branch.accepting_orders && branch.pickup.available,
  );
  return nearestFirst(open, from ?? branchPoint(current))[0] ?? null;
}

/**
 * Another branch to deliver to the customer's neighbourhood while `currentId` takes no orders:
 * the first the coverage answer lists among those taking orders (it puts them first, then the
 * lowest fee and the shortest estimate), as the branch list gives it; with its coverage entry.
 */
export function otherDeliveryBranch(
  coverage: readonly CoverageEntry[],
  branches: readonly Branch[],
  currentId: number,
): { branch: Branch; entry: CoverageEntry } | null {
  for (const entry of coverage) {
    if (entry.branch.id === currentId || !entry.accepting_orders) continue;
    const branch = branches.find((each) => each.id === entry.branch.id);
    if (branch) return { branch, entry };
  }
  return null;
}
