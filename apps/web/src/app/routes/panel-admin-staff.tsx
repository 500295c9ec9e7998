/** /panel/admin/personal: staff and admin accounts (one chunk). */
export { StaffCreate } from '@/features/admin-staff/components/staff-create';
export { StaffEdit } from '@/features/admin-staff/components/staff-edit';
export { StaffList } from '@/features/admin-staff/components/staff-list';
