import { Navigate, Route, Routes } from 'react-router';
import { SubTabs } from '@/components/admin/sub-tabs';
import { adminPaths } from '@/config/panel-paths';
import { BannerList } from './banner-list';
import { CouponList } from './coupon-list';
import { PaymentTypes } from './payment-types';
import { SocialLinksForm } from './social-links-form';
import { SurveyOptions } from './survey-options';
import styles from './content.module.css';

const BASE = adminPaths.content.getHref();
const TABS = [
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
      <SubTabs label="Contenido" tabs={TABS.map((tab) => ({ to: `${BASE}/${tab.path}`, label: tab.label }))} />
      <Routes>
        <Route index element={<Navigate to={`${BASE}/banners`} replace />} />
        {TABS.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="*" element={<Navigate to={`${BASE}/banners`} replace />} />
      </Routes>
    </div>
  );
}
