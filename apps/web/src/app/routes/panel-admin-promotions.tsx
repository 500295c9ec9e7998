/** /panel/admin/promociones: the chain's promotions (one chunk). */
export { PromotionList } from '@/features/admin-promotions/components/promotion-list';
