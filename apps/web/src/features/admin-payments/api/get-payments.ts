import { endpoints, type AdminPayment, type AdminPaymentsQuery } from '@comanda/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/payments → the attempts with their refunds, newest first (at most 500). */
export async function getPayments(
  query: AdminPaymentsQuery,
  signal?: AbortSignal,
): Promise<AdminPayment[]> {
  return (await panelCall(endpoints.getAdminPayments, { query, signal })).results;
}

/** The server's cap on one answer: a list this long may have left older attempts out. */
export const PAYMENTS_LIMIT = 500;

export const paymentsQueryOptions = (query: AdminPaymentsQuery) =>
  queryOptions({
    queryKey: adminKey('payments', query),
    queryFn: ({ signal }) => getPayments(query, signal),
  });

export function usePayments(query: AdminPaymentsQuery) {
  // The last list stays on screen while another range loads, instead of a blank.
  return useQuery({ ...paymentsQueryOptions(query), placeholderData: keepPreviousData });
}
