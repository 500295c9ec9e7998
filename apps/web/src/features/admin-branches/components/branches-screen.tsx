import { Route, Routes } from 'react-router';
import { BranchEditor } from './branch-editor';
import { BranchList } from './branch-list';

/** /panel/admin/sedes/*: the list, a new branch, and one branch's editor with its tabs. */
export function BranchesScreen() {
  return (
    <Routes>
      <Route index element={<BranchList />} />
      <Route path="nueva" element={<BranchEditor />} />
      <Route path=":id/*" element={<BranchEditor />} />
    </Routes>
  );
}
