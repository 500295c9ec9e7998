import { endpoints, type AutoAcceptAnswer, type AutoAcceptBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useBranchesMutation } from './use-branches-mutation';

/**
 * PUT /api/admin/branches/{id}/auto-accept {asap, scheduled, paid_online_only, max_total,
 * windows, version}: every rule at once, over the branch's version (409 when stale).
 */
export async function setAutoAccept(
  branchId: number,
  body: AutoAcceptBody,
): Promise<AutoAcceptAnswer> {
  return (await panelCall(endpoints.setAutoAccept, { params: { id: branchId }, body })).results;
}

/** Saved or refused as stale: the branches (and these rules, under their key) are read again. */
export const useSetAutoAccept = (branchId: number) =>
  useBranchesMutation((body: AutoAcceptBody) => setAutoAccept(branchId, body));
