import { endpoints, type AdminBranch, type AdminBranchBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}: the branch's data (same body as creating it). */
export async function updateBranch(id: number, body: AdminBranchBody): Promise<AdminBranch> {
  return (await panelCall(endpoints.updateBranch, { params: { id }, body })).results;
}

/**
 * The body carries the version it is saved over: the branch's as the form read it, or the other
 * admin's once a conflict was settled (Datos sets it, `useForm`'s `saved`).
 */
export const useUpdateBranch = (branch: Versioned | null) =>
  useBranchesMutation((body: AdminBranchBody) => updateBranch(branch?.id ?? 0, body));
