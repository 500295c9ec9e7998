import type { Product } from '@comanda/shared';
import { ProductDetail } from '@/features/catalog/components/product-detail';
import { useAdminBranches } from '@/features/admin-branches/api/get-branches';
import { PriceChangeScreen } from '@/features/admin-menu/components/price-change-screen';
import { ProductEditor } from '@/features/admin-menu/components/product-editor';

export { MenuAdmin } from '@/features/admin-menu/components/menu-admin';
export { CategoriesScreen } from '@/features/admin-menu/components/categories-screen';
export { ProductsScreen } from '@/features/admin-menu/components/products-screen';
export { MenuCsvScreen } from '@/features/admin-menu/components/menu-csv-screen';

/** The storefront's own product page, fed the editor's product: the preview is the real thing. */
const preview = (product: Product) => (
  <ProductDetail
    key={JSON.stringify(product.modifier_group.map((g) => g.id))}
    product={product}
    branchTitle="la sede"
    loggedIn={false}
    onAdd={() => undefined}
    onLeave={() => undefined}
  />
);

/** The product editor with the storefront's preview (features never import each other: the route composes them). */
export function ProductEditorScreen() {
  return <ProductEditor renderPreview={preview} />;
}

/** A new product: its own key, so leaving an edited product for «Nuevo» starts a blank form. */
export function NewProductScreen() {
  return <ProductEditor key="new" renderPreview={preview} />;
}

/** Cambiar precios, limited to one branch if wished: the branches come from the branches' section. */
export function PricesScreen() {
  const branches = useAdminBranches();
  return <PriceChangeScreen branches={branches.data} />;
}
