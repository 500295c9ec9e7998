import { endpoints, type AdminBranch } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation } from './use-branches-mutation';

/** PUT /api/admin/branches/order {ids}: every branch id in the new order. */
export async function reorderBranches(ids: number[]): Promise<AdminBranch[]> {
  return (await panelCall(endpoints.reorderBranches, { body: { ids } })).results;
}

export const useReorderBranches = () => useBranchesMutation(reorderBranches);
