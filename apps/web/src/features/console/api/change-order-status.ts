import {
  ORDER_STATUS_TEXT,
  endpoints,
  statusPath,
  type PlacedOrder,
  type StatusChangeBody,
} from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withOrder, withOrderRestored } from '../lib/board';
import { openOrdersQueryKey, putOnBoard } from './get-open-orders';
import { panelCall } from '@/lib/panel-api';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/staff/orders/{id}/status {status, prep_minutes?, reason?} → the order as it is now.
 * `status` is the target: the server takes every step of the way (an accepted order passes
 * through "En preparación" to "Listo") in one transaction, and pushes the change to the
 * customer and to every screen of the branch.
 */
export async function changeOrderStatus(id: number, body: StatusChangeBody): Promise<PlacedOrder> {
  return (await panelCall(endpoints.changeOrderStatus, { params: { id }, body })).results;
}

export interface StatusChange {
  order: PlacedOrder;
  to: PlacedOrder['status'];
  prep_minutes?: number;
  reason?: string;
}

/** The card as it will read once the server agrees: shown at once, replaced by the answer. */
function optimistic({ order, to }: StatusChange): PlacedOrder {
  const at = new Date().toISOString();
  // The steps the server will record, from the same shared graph.
  const steps = statusPath(order.status, to, order.type_delivery) ?? [to];
  return {
    ...order,
    status: to,
    status_text: ORDER_STATUS_TEXT[to],
    history: [
      ...order.history,
      ...steps.map((status) => ({ status, status_text: ORDER_STATUS_TEXT[status], at })),
    ],
  };
}

/**
 * Moves an order along from the board: the card changes at once; the server's answer replaces
 * it; a refusal (another screen answered first, say) puts back the board as the server has it.
 */
export function useChangeOrderStatus(branchId: number) {
  const queryClient = useQueryClient();
  const key = openOrdersQueryKey(branchId);
  return useMutation({
    mutationFn: (change: StatusChange) =>
      changeOrderStatus(change.order.id, {
        status: change.to,
        ...(change.to === 'accepted' && change.prep_minutes !== undefined
          ? { prep_minutes: change.prep_minutes }
          : {}),
        ...(change.to === 'rejected' || (change.to === 'cancelled' && change.reason)
          ? { reason: change.reason }
          : {}),
      }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<PlacedOrder[]>(key, (orders) =>
        orders ? withOrder(orders, optimistic(change)) : orders,
      );
    },
    onError: (_error, change) => {
      // Only this order goes back: orders that arrived while the change was on the wire stay.
      queryClient.setQueryData<PlacedOrder[]>(key, (orders) =>
        orders ? withOrderRestored(orders, change.order) : orders,
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (order) => {
      putOnBoard(queryClient, branchId, order);
      // The day's list and summary count this change too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.panel.dayOrders(branchId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.panel.summary(branchId) });
    },
  });
}

/**
 * A change this device shows before sending it (Aceptar and Listo wait for Deshacer): the card
 * moves on this board at once, so it stops ringing, and goes back where it was when undone, unless
 * the server moved the order meanwhile (the customer cancelled, another screen answered).
 */
export function useShownAhead(branchId: number) {
  const queryClient = useQueryClient();
  const key = openOrdersQueryKey(branchId);
  return {
    show: (change: StatusChange) =>
      queryClient.setQueryData<PlacedOrder[]>(key, (orders) =>
        orders ? withOrder(orders, optimistic(change)) : orders,
      ),
    putBack: (change: StatusChange) =>
      queryClient.setQueryData<PlacedOrder[]>(key, (orders) => {
        const shown = orders?.find((order) => order.id === change.order.id);
        // Only our own copy goes back: one the server sent since then stays.
        const ours =
          shown?.status === change.to && shown.history.length === optimistic(change).history.length;
        return orders && ours ? withOrderRestored(orders, change.order) : orders;
      }),
  };
}
