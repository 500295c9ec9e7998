import { ComingSoon } from '@/components/ui/coming-soon';

/** /favoritos (spec §2): 'No tienes Favoritos' when empty, once the favourites call is wired. */
export default function FavoritesRoute() {
  return <ComingSoon title="Mis Favoritos" />;
}
