import { endpoints, type AdminBranch } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation } from './use-branches-mutation';

/** PUT /api/admin/branches/{id}/visibility {hidden}: out of (or back in) the storefront. */
export async function setBranchVisibility(
  id: number,
  hidden: boolean,
  version: number,
): Promise<AdminBranch> {
  return (
    await panelCall(endpoints.setBranchVisibility, { params: { id }, body: { hidden, version } })
  ).results;
}

export const useSetBranchVisibility = () =>
  useBranchesMutation(({ id, hidden, version }: { id: number; hidden: boolean; version: number }) =>
    setBranchVisibility(id, hidden, version),
  );
