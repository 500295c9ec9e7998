import { endpoints, type AdminPromotion } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/**
 * GET /api/admin/promotions → `{ results }`: the rules a banner may link to (Promociones reads
 * the same answer under the same key).
 */
export async function getPromotionChoices(signal?: AbortSignal): Promise<AdminPromotion[]> {
  return (await panelCall(endpoints.getAdminPromotions, { signal })).results;
}

export const promotionChoicesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('promotions'),
    queryFn: ({ signal }) => getPromotionChoices(signal),
  });

export function usePromotionChoices() {
  return useQuery(promotionChoicesQueryOptions());
}
