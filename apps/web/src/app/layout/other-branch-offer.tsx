import type { Branch } from '@comanda/shared';
import { useCoverage } from '@/entities/delivery/api/get-coverage';
import { minutesRange } from '@/entities/delivery/lib/delivery-text';
import { useBranches } from '@/features/branches/api/get-branches';
import { useDeliveryOption } from '@/features/delivery/hooks/use-delivery-option';
import { useSession } from '@/stores/session-store';
import { otherDeliveryBranch, otherPickupBranch } from './other-branch';
import { useCustomerPoint } from '@/stores/customer-point';
import styles from './other-branch-offer.module.css';

/** The branch to offer and what it promises, for the line's order type; null when none fits. */
function useOtherBranch(): { branch: Branch; promise: string } | null {
  const state = useDeliveryOption();
  const current = useSession((session) => session.branch);
  const branches = useBranches().data ?? [];
  const here = useCustomerPoint();
  // The line's own query (same key): read from the cache, not asked again.
  const coverage = useCoverage(state.kind === 'served' ? state.neighbourhood : null);
  if (!current) return null;
  if (state.kind === 'served') {
    const other = otherDeliveryBranch(coverage.data ?? [], branches, current.id);
    return other
      ? {
          branch: other.branch,
          promise: `te lo lleva en ${minutesRange(other.entry.eta_min, other.entry.eta_max)}`,
        }
      : null;
  }
  if (state.kind !== 'pickup') return null;
  const live = branches.find((branch) => branch.id === current.id) ?? current;
  const other = otherPickupBranch(branches, live, here);
  const eta = (other?.eta as Branch['eta'] | undefined)?.pickup;
  return other
    ? { branch: other, promise: eta ? `listo en ${minutesRange(eta[0], eta[1])}` : 'abierta' }
    : null;
}

/**
 * product.md «Delivery line»: while the chosen branch takes no orders (paused or closed), another
 * that does — for pickup the nearest open one, for a delivery one that reaches the customer's
 * neighbourhood — with one tap to switch to it. Nothing when there is none.
 */
export default function OtherBranchOffer() {
  const other = useOtherBranch();
  const chooseBranch = useSession((session) => session.chooseBranch);
  if (!other) return null;
  const { branch, promise } = other;
  return (
    <p className={styles.offer}>
      <span>
        {branch.title} sí recibe pedidos · {promise}
      </span>{' '}
      {/* The space reads the same whether or not the lazy stylesheet has made this a grid yet. */}
      <button type="button" className={styles.switch} onClick={() => chooseBranch(branch)}>
        Cambiar a {branch.title}
      </button>
    </p>
  );
}
