import { endpoints, type AdminBranch, type BranchCapacityBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}/capacity {orders_per_slot, units_per_slot}: null = no limit. */
export async function setBranchCapacity(
  id: number,
  body: BranchCapacityBody,
): Promise<AdminBranch> {
  return (await panelCall(endpoints.setBranchCapacity, { params: { id }, body })).results;
}

/** Over the branch as read, or over the version a settled conflict gives (`body.version`). */
export const useSetBranchCapacity = (branch: Versioned) =>
  useBranchesMutation((body: BranchCapacityBody) =>
    setBranchCapacity(branch.id, { ...body, version: body.version ?? branch.version }),
  );
