import { BranchesScreen } from '@/features/admin-branches/components/branches-screen';

/** /panel/admin/sedes/*: branches, their hours, exceptions and delivery zones. */
export default function PanelAdminBranches() {
  return <BranchesScreen />;
}
