import { endpoints, type AdminBranch, type BranchExceptionsBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation, type Versioned } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}/exceptions {exceptions}: every dated exception, replacing them. */
export async function saveBranchExceptions(
  id: number,
  body: BranchExceptionsBody,
): Promise<AdminBranch> {
  return (await panelCall(endpoints.saveBranchExceptions, { params: { id }, body })).results;
}

export const useSaveBranchExceptions = (branch: Versioned) =>
  useBranchesMutation((body: BranchExceptionsBody) =>
    saveBranchExceptions(branch.id, { ...body, version: body.version ?? branch.version }),
  );
