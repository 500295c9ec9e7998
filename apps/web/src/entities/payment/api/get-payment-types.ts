import { endpoints, type PaymentType } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/cart-type-payment → `{ results: PaymentType[] }` (product.md «Wire contract»), in display order. */
export async function getPaymentTypes(signal?: AbortSignal): Promise<PaymentType[]> {
  const body = await call(endpoints.getPaymentTypes, { signal });
  return [...body.results].sort((a, b) => a.number - b.number);
}

export const paymentTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-types'],
    queryFn: ({ signal }) => getPaymentTypes(signal),
    staleTime: 10 * 60_000,
  });

export function usePaymentTypes() {
  return useQuery(paymentTypesQueryOptions());
}
