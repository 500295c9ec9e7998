/** /panel/admin/contenido/*: banners, coupons, payment methods, survey and social links (one chunk). */
export { CONTENT_TABS, ContentSection } from '@/features/admin-content/components/content-section';
