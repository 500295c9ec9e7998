import { endpoints, type AdminBranch, type BranchZonesBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}/zones {zones}: every delivery zone with fee and minimum, replacing them. */
export async function saveBranchZones(id: number, body: BranchZonesBody): Promise<AdminBranch> {
  return (await panelCall(endpoints.saveBranchZones, { params: { id }, body })).results;
}

export const useSaveBranchZones = (branch: Versioned) =>
  useBranchesMutation((body: BranchZonesBody) =>
    saveBranchZones(branch.id, { ...body, version: body.version ?? branch.version }),
  );
