import { endpoints, type AdminBranch, type BranchHoursBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}/hours {hours}: the whole week, replacing it. */
export async function saveBranchHours(id: number, body: BranchHoursBody): Promise<AdminBranch> {
  return (await panelCall(endpoints.saveBranchHours, { params: { id }, body })).results;
}

export const useSaveBranchHours = (branch: Versioned) =>
  useBranchesMutation((body: BranchHoursBody) =>
    saveBranchHours(branch.id, { ...body, version: branch.version }),
  );
