import type { BranchConsole, SettingsBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useBranchMutation } from './use-branch-mutation';

/** PUT /api/staff/branches/{id}/settings {auto_print?, prep_minutes?}: print on accept, usual preparation time. */
export async function updateSettings(branchId: number, body: SettingsBody): Promise<BranchConsole> {
  return (
    await panelApi.put<{ results: BranchConsole }>(`/api/staff/branches/${branchId}/settings`, body)
  ).results;
}

export const useUpdateSettings = (branchId: number) =>
  useBranchMutation((body: SettingsBody) => updateSettings(branchId, body));
