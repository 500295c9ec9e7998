import { endpoints, type AdminPromotion } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/promotions → `{ results }`: every rule, in force or not. */
export async function getPromotions(signal?: AbortSignal): Promise<AdminPromotion[]> {
  return (await panelCall(endpoints.getAdminPromotions, { signal })).results;
}

export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('promotions'),
    queryFn: ({ signal }) => getPromotions(signal),
  });

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}
