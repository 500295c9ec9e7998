import { endpoints, type Printer } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/branches/{id}/printers → the branch's thermal printers (decision 071). */
export async function getBranchPrinters(
  branchId: number,
  signal?: AbortSignal,
): Promise<Printer[]> {
  return (await panelCall(endpoints.getBranchPrinters, { params: { id: branchId }, signal }))
    .results;
}

export const branchPrintersQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: adminKey('printers', branchId),
    queryFn: ({ signal }) => getBranchPrinters(branchId, signal),
  });

export const useBranchPrinters = (branchId: number) =>
  useQuery(branchPrintersQueryOptions(branchId));
