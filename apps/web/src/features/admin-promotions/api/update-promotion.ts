import { endpoints, type AdminPromotion, type PromotionBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { usePromotionMutation } from './use-promotion-mutation';

/** PUT /api/admin/promotions/{id} → `{ results }`: edited, turned off or on again. */
export async function updatePromotion({
  id,
  ...body
}: PromotionBody & { id: number }): Promise<AdminPromotion> {
  return (await panelCall(endpoints.updatePromotion, { params: { id }, body })).results;
}

export const useUpdatePromotion = () => usePromotionMutation(updatePromotion);
