import { endpoints, type AnswerOf, type RecordsQuery } from '@comanda/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

export type SignupPage = AnswerOf<typeof endpoints.getDiscountSignups>;

/** GET /api/admin/records/discount-signups → `{ results, more }`: the newest signups that match. */
export function getDiscountSignups(
  filters: RecordsQuery,
  signal?: AbortSignal,
): Promise<SignupPage> {
  return panelCall(endpoints.getDiscountSignups, { query: filters, signal });
}

export const discountSignupsQueryOptions = (filters: RecordsQuery) =>
  queryOptions({
    queryKey: adminKey('discount-signups', filters),
    queryFn: ({ signal }) => getDiscountSignups(filters, signal),
  });

export function useDiscountSignups(filters: RecordsQuery) {
  return useQuery({ ...discountSignupsQueryOptions(filters), placeholderData: keepPreviousData });
}
