import { coverageAt, useCoverage } from '@/entities/delivery/api/get-coverage';
import { useSession } from '@/stores/session-store';

/**
 * For a delivery order, the estimate «¿Para cuándo?» says: the branch's coverage of the place the
 * order goes (the query the menu's delivery line reads, so both say the same minutes), null while
 * unknown or when the branch does not reach it. Undefined for a pickup: the queue's estimate.
 */
export function useDeliveryEta(
  delivering: boolean,
  branchId: number | undefined,
): readonly [number, number] | null | undefined {
  // Choosing an address at checkout makes its neighbourhood the delivery's place.
  const neighbourhood = useSession((state) => state.deliveryTo?.neighbourhood ?? null);
  const coverage = useCoverage(delivering ? neighbourhood : null);
  if (!delivering) return undefined;
  const option = coverageAt(coverage.data ?? [], branchId);
  return option ? [option.eta_min, option.eta_max] : null;
}
