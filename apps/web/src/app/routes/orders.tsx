import { Navigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { OrderHistory } from '@/features/account/components/order-history';
import { useSession } from '@/stores/session-store';
import styles from './orders.module.css';

/** /pedidos (product.md «Screens and routes, Roles and permissions»): 'Historial de Pedidos', logged-in only; everyone else goes to /. */
export default function OrdersRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  if (!loggedIn) return <Navigate to={paths.landing.getHref()} replace />;
  return (
    <Page title="Historial de Pedidos">
      <OrderHistory />
      <p className={styles.sessions}>
        <Link to={paths.sessions.getHref()}>Tu cuenta: email, contraseña y sesiones abiertas</Link>
      </p>
    </Page>
  );
}
