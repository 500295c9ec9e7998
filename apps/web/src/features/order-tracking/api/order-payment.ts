import { endpoints, type PaymentMethodBody, type PlacedOrder } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * What the customer does about an order's money (decision 061): pay again at the provider's
 * checkout, have the provider asked about the payment they just made, or switch to a method
 * paid on delivery.
 */

/** POST /api/orders/{id}/payment → where to pay (a new attempt after a decline). */
export async function payAgain(id: number): Promise<string> {
  return (await call(endpoints.payOrderAgain, { params: { id } })).results.redirect_url;
}

/** POST /api/orders/{id}/payment/check: the provider is asked about the customer's transaction. */
export async function checkPayment(id: number, transactionId: string): Promise<PlacedOrder> {
  const body = await call(endpoints.checkOrderPayment, {
    params: { id },
    body: { transaction_id: transactionId },
  });
  return body.results;
}

/** PUT /api/orders/{id}/payment-method: to be paid on delivery, the order goes to its branch. */
export async function switchToOnDelivery(
  id: number,
  body: PaymentMethodBody,
): Promise<PlacedOrder> {
  return (await call(endpoints.changeOrderPaymentMethod, { params: { id }, body })).results;
}

/** Pay again: the browser leaves for the provider's checkout. */
export function usePayAgain(id: number) {
  return useMutation({
    mutationFn: () => payAgain(id),
    onSuccess: (url) => window.location.assign(url),
  });
}

export function useSwitchToOnDelivery(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentMethodBody) => switchToOnDelivery(id, body),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.order(id), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.cartHistory.all });
    },
  });
}
