import { useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import BranchList from '@/features/branches/components/branch-list';
import { useSession } from '@/stores/session-store';
import styles from './delivery-takeout.module.css';

/**
 * /delivery-takeout (spec §2): choose the pickup branch; it is stored with delivery 2 and the
 * customer goes on to /menu. The endless, block-loaded list comes with the branches issue.
 */
export default function DeliveryTakeoutRoute() {
  const navigate = useNavigate();
  const branchId = useSession((state) => state.branch?.id);
  const choosePickupBranch = useSession((state) => state.choosePickupBranch);

  return (
    <Page title="¿Dónde recoges tu pedido?">
      <div className={styles.card}>
        <BranchList
          selectedId={branchId}
          onSelect={(branch) => {
            choosePickupBranch(branch);
            void navigate(paths.menu.getHref());
          }}
        />
      </div>
    </Page>
  );
}
