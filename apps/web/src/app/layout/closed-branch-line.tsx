import { pickupFacts, useChosenBranch } from '@/features/branches/hooks/use-chosen-branch';
import { DeliveryPromise } from '@/features/delivery/components/delivery-promise';
import { closedNotice, useDeliveryOption } from '@/features/delivery/hooks/use-delivery-option';
import { OtherBranchSlot } from './other-branch-slot';
import styles from './closed-branch-line.module.css';

/**
 * product.md «Order ahead»: a branch that takes no orders now says so on every screen after it
 * was chosen. The menu, the cart and checkout always show the delivery line; a category and a
 * product page show it only then ("Cerrada · abre mañana a las 11:30", or "Pausada hasta las
 * 20:30", `Programar`, and another branch that takes orders now).
 */
export function ClosedBranchLine() {
  const state = useDeliveryOption();
  const pickup = pickupFacts(useChosenBranch());
  return closedNotice(state, pickup) !== null ? (
    <div className={styles.line}>
      <DeliveryPromise state={state} pickup={pickup} offer={<OtherBranchSlot />} />
    </div>
  ) : null;
}
