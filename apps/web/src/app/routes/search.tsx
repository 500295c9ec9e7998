import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { MenuSearch } from '@/features/catalog/components/menu-search';
import { useSession } from '@/stores/session-store';
import { pageTitle } from '@/lib/brand';

/**
 * /buscar?q=&etiqueta= (product.md «Search»): the menu's products found by name, description or
 * option, and by dietary tags.
 */
export default function SearchRoute() {
  const branch = useSession((state) => state.branch);
  const [params] = useSearchParams();
  // Prices and availability are a branch's: without one, the menu asks for it first.
  if (!branch) return <Navigate to={paths.menu.getHref()} replace />;
  return (
    <>
      <title>{pageTitle('Buscar')}</title>
      <h1 className="visually-hidden">Buscar</h1>
      <MenuSearch
        branchId={branch.id}
        initial={params.get('q') ?? ''}
        initialTags={(params.get('etiqueta') ?? '').split(',').filter(Boolean)}
      />
    </>
  );
}
