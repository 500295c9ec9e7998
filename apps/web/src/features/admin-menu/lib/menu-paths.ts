import { adminPaths } from '@/config/panel-paths';

/** The Menú section's screens, under /panel/admin/menu. */
export const menuPaths = {
  categories: { path: '', getHref: () => adminPaths.menu.getHref() },
  products: { path: 'productos', getHref: () => `${adminPaths.menu.getHref()}/productos` },
  newProduct: { path: 'productos/nuevo', getHref: (categoryId?: number) => `${adminPaths.menu.getHref()}/productos/nuevo${categoryId ? `?categoria=${categoryId}` : ''}` },
  product: { path: 'productos/:id', getHref: (id: number) => `${adminPaths.menu.getHref()}/productos/${id}` },
} as const;
