import type { Product } from '@comanda/shared';
import type { ReactNode } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import { menuPaths } from '../lib/menu-paths';
import { CategoriesScreen } from './categories-screen';
import { ProductEditor } from './product-editor';
import { ProductsScreen } from './products-screen';
import styles from './menu-admin.module.css';

interface MenuAdminProps {
  /** The product exactly as the storefront's product page shows it (composed by the route). */
  renderPreview: (product: Product) => ReactNode;
}

/** /panel/admin/menu: categories, products and the product editor. */
export function MenuAdmin({ renderPreview }: MenuAdminProps) {
  return (
    <div className={styles.menu}>
      <nav className={styles.tabs} aria-label="Menú">
        <NavLink end to={menuPaths.categories.getHref()} className={({ isActive }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`}>
          Categorías
        </NavLink>
        <NavLink to={menuPaths.products.getHref()} className={({ isActive }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`}>
          Productos
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<CategoriesScreen />} />
        <Route path={menuPaths.products.path} element={<ProductsScreen />} />
        <Route path={menuPaths.newProduct.path} element={<ProductEditor key="new" renderPreview={renderPreview} />} />
        <Route path={menuPaths.product.path} element={<ProductEditor renderPreview={renderPreview} />} />
      </Routes>
    </div>
  );
}
