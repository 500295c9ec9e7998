import { endpoints, type Station, type StationsBody } from '@comanda/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/branches/{id}/stations → the branch's kitchen stations (decision 072). */
export const branchStationsQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: adminKey('stations', branchId),
    queryFn: async ({ signal }): Promise<Station[]> =>
      (await panelCall(endpoints.getBranchStations, { params: { id: branchId }, signal })).results,
  });

export const useBranchStations = (branchId: number) =>
  useQuery(branchStationsQueryOptions(branchId));

/** PUT /api/admin/branches/{id}/stations: the whole list, as the card has it. */
export function useSaveBranchStations(branchId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = branchStationsQueryOptions(branchId);
  return useMutation({
    mutationFn: async (body: StationsBody) =>
      (await panelCall(endpoints.putBranchStations, { params: { id: branchId }, body })).results,
    onSuccess: (stations) => queryClient.setQueryData(queryKey, stations),
  });
}
