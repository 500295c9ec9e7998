import { endpoints, type AdminProduct } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { adminProductQueryOptions } from './get-product';

/**
 * PUT /api/admin/products/{id}/station {station_id}: where the product cooks (null: its
 * category's station). Its own write, apart from the product's form and its version.
 */
export function useSetProductStation(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (stationId: number | null) =>
      (
        await panelCall(endpoints.putProductStation, {
          params: { id: productId },
          body: { station_id: stationId },
        })
      ).results,
    onSuccess: ({ station_id }) =>
      queryClient.setQueryData<AdminProduct>(
        adminProductQueryOptions(productId).queryKey,
        (product) => (product ? { ...product, station_id } : product),
      ),
  });
}
