import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

export interface PaymentBranch {
  id: number;
  title: string;
}

/** GET /api/admin/branches → the «Sede» choices: hidden branches too, their payments stay. */
export async function getPaymentBranches(signal?: AbortSignal): Promise<PaymentBranch[]> {
  const { results } = await panelCall(endpoints.getAdminBranches, { signal });
  return results.map(({ id, title }) => ({ id, title }));
}

// A key of its own: the Sedes section keeps the same resource in another shape.
export const paymentBranchesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('payment-branches'),
    queryFn: ({ signal }) => getPaymentBranches(signal),
    staleTime: 10 * 60_000,
  });

export function usePaymentBranches() {
  return useQuery(paymentBranchesQueryOptions());
}
