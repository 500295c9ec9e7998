import { endpoints } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { usePromotionMutation } from './use-promotion-mutation';

/** DELETE /api/admin/promotions/{id}: gone; orders that used it keep its line. */
export async function removePromotion(id: number): Promise<{ id: number }> {
  return (await panelCall(endpoints.removePromotion, { params: { id } })).results;
}

export const useRemovePromotion = () => usePromotionMutation(removePromotion);
