import { endpoints, type AdminBranch, type AdminBranchBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation } from './use-branches-mutation';

/** POST /api/admin/branches {title, address, phone, city, pickup_available, delivery_available, prep_minutes} → the new branch. */
export async function createBranch(body: AdminBranchBody): Promise<AdminBranch> {
  return (await panelCall(endpoints.createBranch, { body })).results;
}

export const useCreateBranch = () => useBranchesMutation(createBranch);
