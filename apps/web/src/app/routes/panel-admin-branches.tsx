/** /panel/admin/sedes/*: branches, their hours, exceptions and delivery zones (one chunk). */
export { BranchList } from '@/features/admin-branches/components/branch-list';
export {
  BranchDataTab,
  BranchEditor,
  BranchExceptionsTab,
  BranchHoursTab,
  BranchZonesTab,
} from '@/features/admin-branches/components/branch-editor';
