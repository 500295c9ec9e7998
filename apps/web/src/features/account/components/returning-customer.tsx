import { formatMoney, isFinished } from '@comanda/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';
import { cartHistoryQueryOptions } from '../api/get-cart-history';
import { formatOrderDate, productCount } from '../lib/order-format';
import { ReorderAction } from './reorder-action';
import styles from './returning-customer.module.css';

/** The newest orders are enough to find the one on its way and the last one to repeat. */
const RECENT_ORDERS = 5;

interface ReturningCustomerProps {
  /** Keeps the active order's status live while the home screen shows it (the route's socket hook). */
  follow?: (orderId: number) => ReactNode;
}

/**
 * The home screen of a customer who has ordered before: the order still under way, with its
 * status and the way to follow it, and the last one that arrived, with "Volver a pedir". Nothing for a
 * visitor or a first-time customer; it appears under the two choices, so nothing above it moves.
 */
export function ReturningCustomer({ follow }: ReturningCustomerProps) {
  const loggedIn = useSession((state) => state.loggedIn);
  const history = useInfiniteQuery({
    ...cartHistoryQueryOptions(RECENT_ORDERS),
    enabled: loggedIn,
  });
  const activeHeading = useId();
  const againHeading = useId();
  if (!loggedIn || !history.data) return null;

  const orders = history.data.pages[0]?.results ?? [];
  const active = orders.find((order) => !isFinished(order.status));
  const last = orders.find((order) => order.status === 'delivered');
  if (!active && !last) return null;

  return (
    <div className={styles.band}>
      {active ? (
        <section className={styles.card} aria-labelledby={activeHeading}>
          <h2 id={activeHeading} className={styles.title}>
            Tu pedido #{active.id}
          </h2>
          <p className={styles.status} data-testid="active-order-status">
            {active.status_text}
          </p>
          <p className={styles.meta}>
            {active.branch_office.title} · {active.type_delivery_text}
          </p>
          <Link to={paths.orderTracking.getHref(active.id)} className={buttonClass()}>
            Ver pedido
          </Link>
          {follow?.(active.id)}
        </section>
      ) : null}
      {last ? (
        <section className={styles.card} aria-labelledby={againHeading}>
          <h2 id={againHeading} className={styles.title}>
            Tu último pedido
          </h2>
          <p className={styles.meta}>
            Pedido #{last.id} ·{' '}
            <time dateTime={last.created_at}>{formatOrderDate(last.created_at)}</time> ·{' '}
            {last.branch_office.title}
          </p>
          <p className={styles.summary}>
            {productCount(last.quantity)} · {formatMoney(last.total)}
          </p>
          <ReorderAction order={last} />
        </section>
      ) : null}
    </div>
  );
}
