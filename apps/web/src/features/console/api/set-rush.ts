import { endpoints, type BranchConsole } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchMutation } from './use-branch-mutation';

/** PUT /api/staff/branches/{id}/rush {extra_minutes}; 0 ends "Alta demanda". */
export async function setRush(branchId: number, extraMinutes: number): Promise<BranchConsole> {
  return (
    await panelCall(endpoints.setBranchRush, {
      params: { id: branchId },
      body: {
        extra_minutes: extraMinutes,
      },
    })
  ).results;
}

export const useSetRush = (branchId: number) =>
  useBranchMutation((minutes: number) => setRush(branchId, minutes));
