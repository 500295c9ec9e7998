import type { PlacedOrder } from '@comanda/shared';
import { Navigate, useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { ErrorState } from '@/components/ui/error-state';
import { ReceiptIcon } from '@/components/ui/more-icons';
import { paths } from '@/config/paths';
import { useEndSessionOnUnauthorized } from '@/features/account/lib/use-session-guard';
import { useOrder } from '@/features/order-tracking/api/get-order';
import { OrderDetails } from '@/features/order-tracking/components/order-details';
import { OrderPayment } from '@/features/order-tracking/components/order-payment';
import { OrderPromise } from '@/features/order-tracking/components/order-promise';
import { OrderRatingCard } from '@/features/order-tracking/components/order-rating';
import { OrderTimeline } from '@/features/order-tracking/components/order-timeline';
import { ReadyAlerts } from '@/features/order-tracking/components/ready-alerts';
import { useLiveOrder } from '@/features/order-tracking/hooks/use-live-order';
import {
  usePaymentReturn,
  type PaymentReturn,
} from '@/features/order-tracking/hooks/use-payment-return';
import { pingsAhead } from '@/features/order-tracking/lib/ready-ping';
import { formatDateTime, isFinished, isStopped } from '@/features/order-tracking/lib/timeline';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';
import styles from './order-tracking.module.css';
import { pageTitle } from '@/lib/brand';

const orderIdOf = (value: string | undefined): number | null =>
  value && /^[1-9][0-9]{0,9}$/.test(value) && Number.isSafeInteger(Number(value))
    ? Number(value)
    : null;

function OrderNotFound() {
  return (
    <NoticeCard
      icon={<ReceiptIcon width="36" height="36" />}
      title="No encontramos ese pedido"
      text="Puede que el enlace esté incompleto o que el pedido sea de otra cuenta."
    >
      <title>{pageTitle('Pedido no encontrado')}</title>
      <Link to={paths.orders.getHref()} className={buttonClass('primary', { block: true })}>
        Mis Pedidos
      </Link>
      <Link to={paths.menu.getHref()} className={buttonClass('secondary', { block: true })}>
        Ir al Menu
      </Link>
    </NoticeCard>
  );
}

/** /pedidos/:id: one order, its status timeline with times, updated live over the socket. */
export default function OrderTrackingRoute() {
  const { id: param } = useParams();
  const loggedIn = useSession((state) => state.loggedIn);
  const id = orderIdOf(param);
  if (!loggedIn) return <Navigate to={paths.login.getHref()} replace />;
  if (id === null) return <OrderNotFound />;
  return <Tracking key={id} id={id} />;
}

function Tracking({ id }: { id: number }) {
  const order = useOrder(id);
  const announcement = useLiveOrder(id);
  // Back from the provider's checkout (decision 061): the provider is asked about the payment.
  const returning = usePaymentReturn(id);
  const unauthorized = useEndSessionOnUnauthorized(order.error);

  if (unauthorized) return <Navigate to={paths.login.getHref()} replace />;
  if (order.isError && order.error instanceof ApiError && order.error.status === 404)
    return <OrderNotFound />;

  return (
    <div className={styles.page}>
      <title>{pageTitle(`Pedido #${id}`)}</title>
      <div className={styles.head}>
        <h1 className={styles.heading}>Pedido #{id}</h1>
        {order.data ? (
          <p className={styles.muted}>
            Realizado el{' '}
            <time dateTime={order.data.created_at}>{formatDateTime(order.data.created_at)}</time>
          </p>
        ) : null}
      </div>

      {/* Announces each status the socket brings, without moving focus. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {order.isPending ? (
        <div className={styles.layout} role="status" aria-label="Cargando el pedido">
          <div className={`${styles.card} ${styles.skeleton}`} />
          <div className={`${styles.card} ${styles.skeleton}`} />
        </div>
      ) : order.isError ? (
        <ErrorState
          message="No pudimos cargar tu pedido."
          detail={order.error.message}
          onRetry={() => void order.refetch()}
          retrying={order.isFetching}
        />
      ) : (
        <div className={styles.layout}>
          <OrderStatusCard order={order.data} returning={returning} />
          <section className={styles.card} aria-labelledby="tracking-details">
            <h2 id="tracking-details" className={styles.cardTitle}>
              Tu pedido
            </h2>
            <OrderDetails order={order.data} />
          </section>
          <OrderRatingCard orderId={id} finished={order.data.status === 'delivered'} />
        </div>
      )}
      <TrackingLinks />
    </div>
  );
}

/** Its status, its payment, the branch's promise (or who is bringing it) and its timeline. */
function OrderStatusCard({ order, returning }: { order: PlacedOrder; returning: PaymentReturn }) {
  return (
    <section className={styles.card} aria-labelledby="tracking-status">
      <div className={styles.statusHead}>
        <h2 id="tracking-status" className={styles.cardTitle}>
          Estado
        </h2>
        <span
          className={`${styles.badge} ${isStopped(order.status) ? styles.stopped : order.status === 'delivered' ? styles.delivered : ''}`}
          data-testid="order-status"
        >
          {order.status_text}
        </span>
      </div>
      <OrderPayment order={order} returning={returning} />
      <OrderPromise order={order} />
      <OrderTimeline order={order} />
      {!isFinished(order.status) ? (
        <p className={styles.live}>
          <span className={styles.liveDot} aria-hidden="true" />
          {order.status === 'awaiting_payment'
            ? 'Esta página se actualiza sola cuando llega tu pago.'
            : 'Esta página se actualiza sola cuando la sede avanza tu pedido.'}
        </p>
      ) : null}
      {pingsAhead(order) ? <ReadyAlerts /> : null}
    </section>
  );
}

function TrackingLinks() {
  return (
    <div className={styles.links}>
      <Link to={paths.orders.getHref()} className={buttonClass('secondary')}>
        Mis Pedidos
      </Link>
      <Link to={paths.menu.getHref()} className={buttonClass('ghost')}>
        Ir al Menu
      </Link>
    </div>
  );
}
