import type { AdminBranch, BranchZonesBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}/zones {zones}: every delivery zone with fee and minimum, replacing them. */
export async function saveBranchZones(id: number, body: BranchZonesBody): Promise<AdminBranch> {
  return (await panelApi.put<{ results: AdminBranch }>(`/api/admin/branches/${id}/zones`, body)).results;
}

export const useSaveBranchZones = (branch: Versioned) =>
  useBranchesMutation((body: BranchZonesBody) => saveBranchZones(branch.id, { ...body, version: branch.version }));
