import type { Product } from '@comanda/shared';
import { MenuAdmin } from '@/features/admin-menu/components/menu-admin';
import { ProductDetail } from '@/features/catalog/components/product-detail';

/** The storefront's own product page, fed the editor's product: the preview is the real thing. */
const preview = (product: Product) => (
  <ProductDetail key={JSON.stringify(product.modifier_group.map((g) => g.id))} product={product} branchTitle="la sede" loggedIn={false} onAdd={() => undefined} onLeave={() => undefined} />
);

/** /panel/admin/menu: the Menú section (features never import each other: the route composes them). */
export default function PanelAdminMenu() {
  return <MenuAdmin renderPreview={preview} />;
}
