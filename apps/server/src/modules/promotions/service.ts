// Promotions: their plain functions bound to the module's dependencies (decision 065).
import { bind } from '../../lib/bind';
import { adminPromotions, createPromotion, editPromotion, removePromotion } from './admin';
import { promotionsInForce } from './public';
import type { PromotionsDeps } from './types';

/** The storefront's read and the back office's Promociones, as app.promotions. */
export function createPromotionsService(deps: PromotionsDeps) {
  return {
    inForce: bind(deps, promotionsInForce),
    list: bind(deps.write.reader, adminPromotions),
    create: bind(deps, createPromotion),
    update: bind(deps, editPromotion),
    remove: bind(deps, removePromotion),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
