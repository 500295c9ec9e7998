import { endpoints } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { staffPrintersQueryOptions } from './get-staff-printers';

/** POST /api/staff/orders/{id}/print → how many printouts were queued (Reimprimir). */
export async function reprintOrder(orderId: number): Promise<number> {
  return (await panelCall(endpoints.reprintOrder, { params: { id: orderId } })).results.queued;
}

/** Reimprimir: the printers' pending counts follow. */
export function useReprintOrder(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprintOrder,
    onSettled: () =>
      void queryClient.invalidateQueries({
        queryKey: staffPrintersQueryOptions(branchId).queryKey,
      }),
  });
}
