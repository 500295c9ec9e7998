import type { Trip } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { branchCouriersQueryKey } from './get-branch-couriers';
import { openOrdersQueryKey } from './get-open-orders';

/**
 * A trip made or changed: the couriers' states and the cards' `Domiciliario:` follow. The server's
 * `trip` event says so too; this screen does not wait for it.
 */
export function useDispatchMutation<V>(branchId: number, send: (variables: V) => Promise<Trip>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: branchCouriersQueryKey(branchId) });
      void queryClient.invalidateQueries({ queryKey: openOrdersQueryKey(branchId) });
    },
  });
}
