import { endpoints, type AdminBranch, type BranchHoursBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}/hours {hours}: the whole week, replacing it. */
export async function saveBranchHours(id: number, body: BranchHoursBody): Promise<AdminBranch> {
  return (await panelCall(endpoints.saveBranchHours, { params: { id }, body })).results;
}

/** The week over the branch as read, or over the version a settled conflict gives (`body.version`). */
export const useSaveBranchHours = (branch: Versioned) =>
  useBranchesMutation((body: BranchHoursBody) =>
    saveBranchHours(branch.id, { ...body, version: body.version ?? branch.version }),
  );
