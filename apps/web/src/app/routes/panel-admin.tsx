import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { PanelLoading } from '@/features/console/components/gate-screens';
import { ADMIN_SECTIONS } from '../panel-routes';
import styles from './panel-admin.module.css';

/**
 * /panel/admin: the chain's back office (admins only; app/panel-routes.tsx decides). The
 * sections in a row of tabs, each a route of its own so a link or a reload lands on it.
 */
export default function PanelAdmin() {
  return (
    <div className={styles.admin}>
      <nav className={styles.sections} aria-label="Administración">
        {ADMIN_SECTIONS.map((section) => (
          <NavLink
            key={section.label}
            to={section.href()}
            className={({ isActive }) =>
              `${styles.section} ${isActive ? styles.sectionActive : ''}`
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<PanelLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
