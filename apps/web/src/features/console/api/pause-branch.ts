import { endpoints, type BranchConsole, type PauseBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchMutation } from './use-branch-mutation';

/** PUT /api/staff/branches/{id}/pause {minutes} | {until_reopened: true}; {minutes: 0} resumes. */
export async function pauseBranch(branchId: number, body: PauseBody): Promise<BranchConsole> {
  return (await panelCall(endpoints.pauseBranch, { params: { id: branchId }, body })).results;
}

export const usePauseBranch = (branchId: number) =>
  useBranchMutation((body: PauseBody) => pauseBranch(branchId, body));
