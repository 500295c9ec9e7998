import { endpoints, type AutoAcceptAnswer } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/branches/{id}/auto-accept → what the branch accepts by itself, with its version. */
export async function getAutoAccept(
  branchId: number,
  signal?: AbortSignal,
): Promise<AutoAcceptAnswer> {
  return (await panelCall(endpoints.getAutoAccept, { params: { id: branchId }, signal })).results;
}

// Under the branches' key: every write to the branch (this card's, Datos', Capacidad's) bumps the
// version these rules are saved over, and reading the list again reads them again too.
export const autoAcceptQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: adminKey('branches', branchId, 'auto-accept'),
    queryFn: ({ signal }) => getAutoAccept(branchId, signal),
  });

export const useAutoAccept = (branchId: number) => useQuery(autoAcceptQueryOptions(branchId));
