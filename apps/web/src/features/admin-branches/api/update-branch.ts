import { endpoints, type AdminBranch, type AdminBranchBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}: the branch's data (same body as creating it). */
export async function updateBranch(id: number, body: AdminBranchBody): Promise<AdminBranch> {
  return (await panelCall(endpoints.updateBranch, { params: { id }, body })).results;
}

/** The body's own version when it has one (a save made over another admin's), else the branch's as read. */
export const useUpdateBranch = (branch: Versioned | null) =>
  useBranchesMutation((body: AdminBranchBody) =>
    updateBranch(branch?.id ?? 0, { version: branch?.version, ...body }),
  );
