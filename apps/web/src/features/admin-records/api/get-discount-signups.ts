import type { AdminDiscountSignup, RecordsQuery } from '@comanda/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';
import { recordsSearch } from './records-query';

export interface SignupPage {
  results: AdminDiscountSignup[];
  more: boolean;
}

/** GET /api/admin/records/discount-signups → `{ results, more }`: the newest signups that match. */
export function getDiscountSignups(filters: RecordsQuery, signal?: AbortSignal): Promise<SignupPage> {
  return panelApi.get<SignupPage>(`/api/admin/records/discount-signups${recordsSearch(filters)}`, { signal });
}

export const discountSignupsQueryOptions = (filters: RecordsQuery) =>
  queryOptions({ queryKey: adminKey('discount-signups', filters), queryFn: ({ signal }) => getDiscountSignups(filters, signal) });

export function useDiscountSignups(filters: RecordsQuery) {
  return useQuery({ ...discountSignupsQueryOptions(filters), placeholderData: keepPreviousData });
}
