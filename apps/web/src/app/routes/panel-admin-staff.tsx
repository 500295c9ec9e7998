import { StaffScreens } from '@/features/admin-staff/components/staff-screens';

/** /panel/admin/personal: staff and admin accounts. */
export default function PanelAdminStaff() {
  return <StaffScreens />;
}
