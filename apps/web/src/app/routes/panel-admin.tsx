import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavLink } from '@/components/ui/link';
import { PanelLoading } from '@/features/console/components/gate-screens';
import { panelHref } from '@/config/panel-paths';
import styles from './panel-admin.module.css';

/**
 * The back office's sections, in the order of its tabs. Here, in the frame that draws them, not in
 * app/panel-routes.tsx: that file loads this one lazily, so importing back from it was a circle.
 */
const ADMIN_SECTIONS = [
  { label: 'Informes', href: panelHref.insights },
  { label: 'Menú', href: panelHref.menu },
  { label: 'Sedes', href: panelHref.branches },
  { label: 'Contenido', href: () => panelHref.content() },
  { label: 'Promociones', href: panelHref.promotions },
  { label: 'Personal', href: panelHref.staff },
  { label: 'Registros', href: () => panelHref.records() },
  { label: 'Pagos', href: panelHref.payments },
  { label: 'Historial', href: panelHref.audit },
  { label: 'Correos', href: panelHref.outbox },
  { label: 'Seguridad', href: panelHref.securitySettings },
  { label: 'Marca', href: panelHref.brand },
] as const;

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
