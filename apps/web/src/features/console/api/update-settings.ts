import { endpoints, type BranchConsole, type SettingsBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchMutation } from './use-branch-mutation';

/**
 * PUT /api/staff/branches/{id}/settings {auto_print?, auto_accept_scheduled?, prep_minutes?}:
 * print on accept, accept scheduled orders by itself, usual preparation time.
 */
export async function updateSettings(branchId: number, body: SettingsBody): Promise<BranchConsole> {
  return (await panelCall(endpoints.updateBranchSettings, { params: { id: branchId }, body }))
    .results;
}

export const useUpdateSettings = (branchId: number) =>
  useBranchMutation((body: SettingsBody) => updateSettings(branchId, body));
