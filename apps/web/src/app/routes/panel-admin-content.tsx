import { ContentSection } from '@/features/admin-content/components/content-section';

/** /panel/admin/contenido/*: banners, coupons, payment methods, survey and social links. */
export default function PanelAdminContent() {
  return <ContentSection />;
}
