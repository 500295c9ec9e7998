import { Navigate } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';

/** /pedidos (spec §2, §6): logged-in only; everyone else goes to /. */
export default function OrdersRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  if (!loggedIn) return <Navigate to={paths.landing.getHref()} replace />;
  return <ComingSoon title="Historial de Pedidos" />;
}
