import { Route, Routes } from 'react-router';
import { StaffCreate } from './staff-create';
import { StaffEdit } from './staff-edit';
import { StaffList } from './staff-list';

/** /panel/admin/personal: the list, a new account (`nueva`) and one account (`:id`). */
export function StaffScreens() {
  return (
    <Routes>
      <Route index element={<StaffList />} />
      <Route path="nueva" element={<StaffCreate />} />
      <Route path=":id" element={<StaffEdit />} />
    </Routes>
  );
}
