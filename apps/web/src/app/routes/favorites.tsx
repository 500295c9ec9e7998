import { Navigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { FavoriteList } from '@/features/account/components/favorite-list';
import { useSession } from '@/stores/session-store';

/** /favoritos (product.md «Screens and routes»): 'Mis Favoritos', or 'No tienes Favoritos'. Favourites need a login (product.md «Roles and permissions»). */
export default function FavoritesRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  if (!loggedIn) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <Page title="Mis Favoritos">
      <FavoriteList />
    </Page>
  );
}
