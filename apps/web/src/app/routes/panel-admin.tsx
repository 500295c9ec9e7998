import { lazy, Suspense } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { adminPaths } from '@/config/panel-paths';
import { PanelLoading } from '@/features/console/components/gate-screens';
import styles from './panel-admin.module.css';

// Each section is a chunk of its own: opening Historial does not download the menu editor.
const Menu = lazy(() => import('./panel-admin-menu'));
const Branches = lazy(() => import('./panel-admin-branches'));
const Content = lazy(() => import('./panel-admin-content'));
const Staff = lazy(() => import('./panel-admin-staff'));
const Records = lazy(() => import('./panel-admin-records'));
const Audit = lazy(() => import('./panel-admin-audit'));

const SECTIONS = [
  [adminPaths.menu, Menu],
  [adminPaths.branches, Branches],
  [adminPaths.content, Content],
  [adminPaths.staff, Staff],
  [adminPaths.records, Records],
  [adminPaths.audit, Audit],
] as const;

/**
 * /panel/admin: the chain's back office (admins only; app/routes/panel.tsx decides). The
 * sections in a row of tabs, each a route of its own so a link or a reload lands on it.
 */
export default function PanelAdmin() {
  return (
    <div className={styles.admin}>
      <nav className={styles.sections} aria-label="Administración">
        {SECTIONS.map(([section]) => (
          <NavLink
            key={section.label}
            to={section.getHref()}
            className={({ isActive }) => `${styles.section} ${isActive ? styles.sectionActive : ''}`}
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<PanelLoading />}>
        <Routes>
          <Route index element={<Navigate to={adminPaths.menu.getHref()} replace />} />
          {SECTIONS.map(([section, Screen]) => (
            <Route key={section.label} path={section.path} element={<Screen />} />
          ))}
          <Route path="*" element={<Navigate to={adminPaths.menu.getHref()} replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}
