import { waitsToFire, type PlacedOrder } from '@comanda/shared';
import { useEffect, useState } from 'react';
import { useOrder } from '../api/get-order';
import { useLiveOrder } from '../hooks/use-live-order';
import { promiseText, readyCallout, rejectionText, stopTitle } from '../lib/promise';
import { pingsAhead } from '../lib/ready-ping';
import { DeliveryFailed, OrderCourier } from './order-courier';
import { ReadyAlerts } from './ready-alerts';
import { ScheduledOrder } from './scheduled-order';
import styles from './order-promise.module.css';

/**
 * The branch's answer in one line: the promised time ("Listo aprox. a las 12:45") once accepted,
 * or why it was rejected. Nothing while there is nothing to say.
 */
export function OrderPromise({ order }: { order: PlacedOrder }) {
  // "mañana a las 00:10" must turn into "a las 00:10" once midnight passes on an open page.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const promise = promiseText(order, now);
  const rejection = rejectionText(order);
  const stopped = stopTitle(order);
  if (waitsToFire(order, now)) return <ScheduledOrder order={order} now={now} />;
  if (order.courier && order.status === 'on_the_way')
    return <OrderCourier order={order} promise={promise} />;
  const ready = readyCallout(order);
  if (ready) {
    return (
      <div className={styles.ready} data-testid="order-ready">
        <p className={styles.readyTitle}>{ready.title}</p>
        <p>{ready.text}</p>
      </div>
    );
  }
  if (promise) {
    return (
      <>
        <DeliveryFailed order={order} />
        <p className={styles.promise} data-testid="order-promise">
          {promise}
        </p>
      </>
    );
  }
  // A branch that cancels after accepting says why, and reads like a rejection to the customer;
  // the customer's own cancel reads as theirs.
  if (stopped) {
    return (
      <div className={styles.rejected} data-testid="order-rejection">
        <p className={styles.rejectedTitle}>{stopped}</p>
        {rejection ? <p>{rejection}</p> : null}
      </div>
    );
  }
  return null;
}

/**
 * For /confirmacion: the order just placed, its status and the branch's answer as they come,
 * so the customer need not open the order to learn it was accepted (or why it was not), and the
 * moment to offer a notification when it is ready.
 */
export function LiveOrderStatus({ id }: { id: number }) {
  const order = useOrder(id);
  const announcement = useLiveOrder(id);
  return (
    <div className={styles.live}>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {order.data ? (
        <>
          <p className={styles.status}>
            Estado: <strong data-testid="order-status">{order.data.status_text}</strong>
          </p>
          <OrderPromise order={order.data} />
          {pingsAhead(order.data) ? <ReadyAlerts /> : null}
        </>
      ) : null}
    </div>
  );
}
