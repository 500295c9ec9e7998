import { endpoints, type StaffOrderInput } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/staff/branches/{id}/orders: the order placed for the customer (once per client_order_id). */
export const placeStaffOrder = (branchId: number, body: StaffOrderInput) =>
  panelCall(endpoints.placeStaffOrder, { params: { id: branchId }, body });

/** Placing it; Día reads the day again (the board hears the order ring, as any other). */
export function usePlaceStaffOrder(branchId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffOrderInput) => placeStaffOrder(branchId, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.panel.dayOrders(branchId) });
      void client.invalidateQueries({ queryKey: queryKeys.panel.summary(branchId) });
    },
  });
}
