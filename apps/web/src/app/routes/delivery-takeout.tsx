import { useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { PickupBranchList } from '@/features/branches/components/pickup-branch-list';
import { useSession } from '@/stores/session-store';
import styles from './delivery-takeout.module.css';

/**
 * /delivery-takeout (product.md «Screens and routes»): choose the pickup branch; it is stored with delivery 2 and the
 * customer goes on to /menu. A closed branch can still be chosen (to plan ahead): its card says so.
 */
export default function DeliveryTakeoutRoute() {
  const navigate = useNavigate();
  const branchId = useSession((state) => state.branch?.id);
  const chooseBranch = useSession((state) => state.chooseBranch);

  return (
    <Page title="¿Dónde recoges tu pedido?">
      <p className={styles.intro}>Elige la sede donde pasarás a recogerlo.</p>
      <PickupBranchList
        selectedId={branchId}
        onSelect={(branch) => {
          chooseBranch(branch);
          void navigate(paths.menu.getHref());
        }}
      />
    </Page>
  );
}
