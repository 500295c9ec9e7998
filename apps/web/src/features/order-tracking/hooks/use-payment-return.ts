import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryKeys } from '@/lib/query-keys';
import { checkPayment } from '../api/order-payment';

export type PaymentReturn = 'none' | 'checking' | 'checked' | 'failed';

/**
 * The customer back from the provider's checkout lands on the order's page with `?id={transaction}`
 * (Wompi's redirect). The provider is asked about that transaction through the server, once — the
 * browser's word is never believed — and the address loses the query, so a reload does not ask
 * again. Answers where that stands; the order's cache gets the server's answer.
 */
export function usePaymentReturn(orderId: number): PaymentReturn {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const transaction = new URLSearchParams(location.search).get('id');
  const [state, setState] = useState<PaymentReturn>(transaction ? 'checking' : 'none');
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!transaction || asked.current === transaction) return;
    asked.current = transaction;
    void navigate({ pathname: location.pathname, search: '' }, { replace: true });
    checkPayment(orderId, transaction).then(
      (order) => {
        queryClient.setQueryData(queryKeys.order(orderId), order);
        setState('checked');
      },
      // The webhook or reconciliation will still tell: the page keeps listening.
      () => setState('failed'),
    );
  }, [transaction, orderId, location.pathname, navigate, queryClient]);

  return state;
}
