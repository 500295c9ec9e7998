import { Outlet } from 'react-router';
import { SubTabs } from '@/components/admin/sub-tabs';
import { panelHref } from '@/config/panel-paths';
import { BannerList } from './banner-list';
import { CouponList } from './coupon-list';
import { PaymentTypes } from './payment-types';
import { SocialLinksForm } from './social-links-form';
import { SurveyOptions } from './survey-options';
import { styles } from './content-styles';

/** The section's sub-tabs: each a route of app/panel-routes.tsx. */
export const CONTENT_TABS = [
  { path: 'banners', label: 'Banners', Screen: BannerList },
  { path: 'cupones', label: 'Cupones', Screen: CouponList },
  { path: 'metodos-de-pago', label: 'Métodos de pago', Screen: PaymentTypes },
  { path: 'encuesta', label: 'Encuesta', Screen: SurveyOptions },
  { path: 'redes-sociales', label: 'Redes sociales', Screen: SocialLinksForm },
] as const;

/** /panel/admin/contenido/*: what the storefront shows besides the menu, one sub-tab each. */
export function ContentSection() {
  return (
    <div className={styles.list}>
      <SubTabs
        label="Contenido"
        tabs={CONTENT_TABS.map((tab) => ({ to: panelHref.content(tab.path), label: tab.label }))}
      />
      <Outlet />
    </div>
  );
}
