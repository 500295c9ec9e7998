import { endpoints, type StaffPrinter } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

/** GET /api/staff/branches/{id}/printers → each printer's state and the jobs waiting for it. */
export async function getStaffPrinters(
  branchId: number,
  signal?: AbortSignal,
): Promise<StaffPrinter[]> {
  return (await panelCall(endpoints.getStaffPrinters, { params: { id: branchId }, signal }))
    .results;
}

export const staffPrintersQueryKey = (branchId: number) =>
  [PANEL_KEY, 'printers', branchId] as const;

// No socket event says a printer went away: the state is read every 10 s while on screen.
export const staffPrintersQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: staffPrintersQueryKey(branchId),
    queryFn: ({ signal }) => getStaffPrinters(branchId, signal),
    refetchInterval: 10_000,
  });

export function useStaffPrinters(branchId: number) {
  return useQuery(staffPrintersQueryOptions(branchId));
}
