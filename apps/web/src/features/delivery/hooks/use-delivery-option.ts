import { coverageAt, useCoverage, type CoverageOption } from '@/entities/delivery/api/get-coverage';
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

/** The line's branch as the warning reads it (a coverage entry's, or the pickup facts). */
interface NoticeBranch {
  title: string;
  accepting: boolean;
  closed: string | null;
  /** "Pausada hasta las 20:30"; absent from a branch stored before it was said. */
  paused?: string | null;
}

/**
 * What the delivery line warns when its branch takes no orders now (closed by its hours or an
 * exception, or paused): when it opens, until when it is paused, or that it takes none. Null
 * while it takes orders or no branch is known. The line's warning and a category page's "show
 * the line" both ask this.
 */
export function closedNotice(
  state: DeliveryOptionState,
  pickup: NoticeBranch | null,
): string | null {
  const branch: NoticeBranch | null =
    state.kind === 'served'
      ? {
          title: state.option.branch.title,
          accepting: state.option.accepting_orders,
          closed: state.option.closed,
          paused: state.option.paused,
        }
      : state.kind === 'pickup'
        ? pickup
        : null;
  if (!branch || branch.accepting) return null;
  return branch.closed ?? branch.paused ?? `${branch.title} no recibe pedidos en este momento.`;
}

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
  const option = coverageAt(coverage.data, branch?.id);
  if (!option)
    return {
      kind: 'not-served',
      neighbourhood,
      branchTitle: branch?.title ?? null,
      others: coverage.data,
    };
  return { kind: 'served', neighbourhood, option };
}
