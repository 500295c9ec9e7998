import type { AdminBranch, AdminBranchBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}: the branch's data (same body as creating it). */
export async function updateBranch(id: number, body: AdminBranchBody): Promise<AdminBranch> {
  return (await panelApi.put<{ results: AdminBranch }>(`/api/admin/branches/${id}`, body)).results;
}

export const useUpdateBranch = (branch: Versioned | null) =>
  useBranchesMutation((body: AdminBranchBody) => updateBranch(branch?.id ?? 0, { ...body, version: branch?.version }));
