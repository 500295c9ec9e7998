import { Outlet } from 'react-router';
import { SubTabs } from '@/components/admin/sub-tabs';
import { panelHref } from '@/config/panel-paths';
import styles from './menu-admin.module.css';

/** /panel/admin/menu: the frame of categories, products and the product editor (routes: app/panel-routes.tsx). */
export function MenuAdmin() {
  return (
    <div className={styles.menu}>
      <SubTabs
        label="Menú"
        tabs={[
          { to: panelHref.menu(), label: 'Categorías', end: true },
          { to: panelHref.products(), label: 'Productos' },
          { to: panelHref.prices(), label: 'Cambiar precios' },
          { to: panelHref.menuCsv(), label: 'Hoja de cálculo' },
        ]}
      />
      <Outlet />
    </div>
  );
}
