import { endpoints, type PlacedOrder, type RefundBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { queryKeys } from '@/lib/query-keys';
import { putOnBoard } from './get-open-orders';

/**
 * POST /api/staff/orders/{id}/refund {amount?, reason} → the order with its refund (decision
 * 061). The provider makes it; the server retries until it is confirmed.
 */
export async function refundOrder(id: number, body: RefundBody): Promise<PlacedOrder> {
  return (await panelCall(endpoints.refundOrder, { params: { id }, body })).results;
}

/** A refund from the board or Día: the board's card and the day's figures follow. */
export function useRefundOrder(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RefundBody }) => refundOrder(id, body),
    onSuccess: (order) => {
      putOnBoard(queryClient, branchId, order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.panel.dayOrders(branchId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.panel.summary(branchId) });
    },
  });
}
