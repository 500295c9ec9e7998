import { endpoints, type AdminPromotion, type PromotionBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { usePromotionMutation } from './use-promotion-mutation';

/** POST /api/admin/promotions → `{ results }`: the new rule, active unless said. */
export async function createPromotion(body: PromotionBody): Promise<AdminPromotion> {
  return (await panelCall(endpoints.createPromotion, { body })).results;
}

export const useCreatePromotion = () => usePromotionMutation(createPromotion);
