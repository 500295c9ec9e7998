import { NavLink, Navigate, Route, Routes } from 'react-router';
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
      <nav className={styles.tabs} aria-label="Contenido">
        {TABS.map((tab) => (
          <NavLink key={tab.path} to={`${BASE}/${tab.path}`} className={({ isActive }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
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
