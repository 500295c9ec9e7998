import { endpoints, type AdminBranch, type AdminBranchBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}: the branch's data (same body as creating it). */
export async function updateBranch(id: number, body: AdminBranchBody): Promise<AdminBranch> {
  return (await panelCall(endpoints.updateBranch, { params: { id }, body })).results;
}

export const useUpdateBranch = (branch: Versioned | null) =>
  useBranchesMutation((body: AdminBranchBody) =>
    updateBranch(branch?.id ?? 0, { ...body, version: branch?.version }),
  );
