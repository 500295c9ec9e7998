import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { LiveOrderStatus } from '@/features/order-tracking/components/order-promise';
import { useSession } from '@/stores/session-store';
import styles from './confirmation.module.css';
import { pageTitle } from '@/lib/brand';

/** The order number the checkout passes (`/confirmacion?pedido=123`), if it is one. */
function orderIdFrom(value: string | null): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * /confirmacion (product.md «Screens and routes»): 'Gracias por tu Compra' with a check mark and 'Ir al Menu', plus the
 * way to follow the order live when the checkout said which one it was.
 */
export default function ConfirmationRoute() {
  // useLocation, not useSearchParams: the router's code lives in the first-load chunk, and this
  // is the only screen that would pull useSearchParams into it.
  const orderId = orderIdFrom(new URLSearchParams(useLocation().search).get('pedido'));
  const loggedIn = useSession((state) => state.loggedIn);
  return (
    <div className={styles.card}>
      <title>{pageTitle('Gracias por tu Compra')}</title>
      <span className={styles.check}>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className={styles.heading}>Gracias por tu Compra</h1>
      {orderId !== null ? (
        <p className={styles.text}>
          Tu pedido <strong>#{orderId}</strong> llegó a la sede. Te avisaremos aquí cada vez que
          avance.
        </p>
      ) : (
        <p className={styles.text}>Recibimos tu pedido. Puedes seguirlo desde Mis Pedidos.</p>
      )}
      {orderId !== null && loggedIn ? <LiveOrderStatus id={orderId} /> : null}
      <div className={styles.actions}>
        {orderId !== null ? (
          <Link
            to={paths.orderTracking.getHref(orderId)}
            className={buttonClass('primary', { block: true })}
          >
            Ver estado del pedido
          </Link>
        ) : null}
        <Link
          to={paths.menu.getHref()}
          className={buttonClass(orderId !== null ? 'secondary' : 'primary', { block: true })}
        >
          Ir al Menu
        </Link>
      </div>
    </div>
  );
}
