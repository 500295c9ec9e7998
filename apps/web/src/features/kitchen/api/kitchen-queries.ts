import { endpoints, type ExpoOrder, type Station, type StationItemsAnswer } from '@comanda/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

// The kitchen's reads and its one write (decision 072). The screens stay current over the
// panel's socket (use-kitchen-realtime.ts); the interval covers an event missed on a bad signal.

export const kitchenQueryKey = (branchId: number) => [PANEL_KEY, 'kitchen', branchId] as const;

/** GET /api/staff/branches/{id}/stations → the branch's stations, for the picker. */
export const kitchenStationsQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: [...kitchenQueryKey(branchId), 'stations'] as const,
    queryFn: async ({ signal }): Promise<Station[]> =>
      (await panelCall(endpoints.getKitchenStations, { params: { id: branchId }, signal })).results,
  });

export const useKitchenStations = (branchId: number) =>
  useQuery(kitchenStationsQueryOptions(branchId));

/** GET …/stations/{stationId}/items → the station's items, oldest order first, and its all-day counts. */
export const useStationItems = (branchId: number, stationId: number) =>
  useQuery({
    queryKey: [...kitchenQueryKey(branchId), 'items', stationId] as const,
    queryFn: ({ signal }): Promise<StationItemsAnswer> =>
      panelCall(endpoints.getStationItems, { params: { id: branchId, stationId }, signal }),
    refetchInterval: 30_000,
  });

/** GET /api/staff/branches/{id}/expo → each open order with its stations' state. */
export const useExpo = (branchId: number) =>
  useQuery({
    queryKey: [...kitchenQueryKey(branchId), 'expo'] as const,
    queryFn: async ({ signal }): Promise<ExpoOrder[]> =>
      (await panelCall(endpoints.getExpo, { params: { id: branchId }, signal })).results,
    refetchInterval: 30_000,
  });

/** Bump (done) or unbump one item; every kitchen screen of the branch reads again. */
export function useBumpItem(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, done }: { id: number; done: boolean }) =>
      panelCall(done ? endpoints.bumpOrderItem : endpoints.unbumpOrderItem, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: kitchenQueryKey(branchId) }),
  });
}
