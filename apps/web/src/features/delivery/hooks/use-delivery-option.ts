import { useCoverage, type CoverageOption } from '@/entities/delivery/api/get-coverage';
import { ORDER_TYPE, useSession } from '@/stores/session-store';

export type DeliveryOptionState =
  | { kind: 'pickup' }
  /** A delivery with no place chosen yet: the address step comes first. */
  | { kind: 'no-place' }
  | { kind: 'loading'; neighbourhood: string }
  | { kind: 'error'; neighbourhood: string; message: string; retry: () => void }
  /** The chosen branch does not reach the place (a zone removed, another branch chosen since). */
  | {
      kind: 'not-served';
      neighbourhood: string;
      branchTitle: string | null;
      others: CoverageOption[];
    }
  | { kind: 'served'; neighbourhood: string; option: CoverageOption };

/**
 * The delivery the customer is about to order, as the server figures it now: the chosen
 * branch's fee, minimum and estimate for the chosen neighbourhood. Read again whenever a branch
 * changes (rush, pause, zones: `realtime.ts`), so the figures on screen follow.
 */
export function useDeliveryOption(): DeliveryOptionState {
  const delivering = useSession((state) => state.orderType === ORDER_TYPE.delivery);
  const neighbourhood = useSession((state) => state.deliveryTo?.neighbourhood ?? null);
  const branch = useSession((state) => state.branch);
  const coverage = useCoverage(delivering ? neighbourhood : null);
  if (!delivering) return { kind: 'pickup' };
  if (!neighbourhood) return { kind: 'no-place' };
  if (coverage.isPending) return { kind: 'loading', neighbourhood };
  if (coverage.isError) {
    return {
      kind: 'error',
      neighbourhood,
      message: coverage.error.message,
      retry: () => void coverage.refetch(),
    };
  }
  const option = branch ? coverage.data.find((row) => row.branch.id === branch.id) : undefined;
  if (!option)
    return {
      kind: 'not-served',
      neighbourhood,
      branchTitle: branch?.title ?? null,
      others: coverage.data,
    };
  return { kind: 'served', neighbourhood, option };
}
