import type { BranchConsole } from '@comanda/shared';
import {
  DeviceControl,
  PauseControl,
  RushControl,
  SettingsControl,
} from '@/features/console/components/branch-controls';
import { PrinterStatus } from '@/features/console/components/printer-status';
import { SlotCapacityControl } from '@/features/console/components/slot-capacity-control';
import { ProductSwitches } from '@/features/console/components/product-switches';
import styles from './panel.module.css';

/** /panel/controles: the branch's switches, pushed live to every storefront. */
export default function PanelControls({
  branch,
  onSwitchBranch,
}: {
  branch: BranchConsole;
  onSwitchBranch?: (() => void) | undefined;
}) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Controles de {branch.title}</h1>
      <div className={styles.controls}>
        <div className={styles.stack}>
          <PrinterStatus branchId={branch.id} />
          <PauseControl branch={branch} />
          <RushControl branch={branch} />
          <SettingsControl key={branch.prep_minutes} branch={branch} />
          {branch.staff_sets_capacity ? <SlotCapacityControl branch={branch} /> : null}
          {onSwitchBranch ? (
            <DeviceControl branch={branch} onSwitchBranch={onSwitchBranch} />
          ) : null}
        </div>
        <ProductSwitches branchId={branch.id} />
      </div>
    </div>
  );
}
