import type { Product } from '@comanda/shared';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { SubTabs } from '@/components/admin/sub-tabs';
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
      <SubTabs
        label="Menú"
        tabs={[
          { to: menuPaths.categories.getHref(), label: 'Categorías', end: true },
          { to: menuPaths.products.getHref(), label: 'Productos' },
        ]}
      />
      <Routes>
        <Route index element={<CategoriesScreen />} />
        <Route path={menuPaths.products.path} element={<ProductsScreen />} />
        <Route path={menuPaths.newProduct.path} element={<ProductEditor key="new" renderPreview={renderPreview} />} />
        <Route path={menuPaths.product.path} element={<ProductEditor renderPreview={renderPreview} />} />
      </Routes>
    </div>
  );
}
