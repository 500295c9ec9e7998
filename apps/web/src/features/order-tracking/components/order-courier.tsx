import { isFinished, type PlacedOrder } from '@comanda/shared';
import { arrivalText, courierText } from '../lib/arrival';
import styles from './order-promise.module.css';

/**
 * From En camino: who is bringing it and when it should reach the door, moved live by the
 * courier's position (`eta`); without a range yet, the branch's promise. Null when there is no
 * courier to name.
 */
export function OrderCourier({ order, promise }: { order: PlacedOrder; promise: string | null }) {
  const courier = courierText(order);
  if (!courier) return null;
  const when = arrivalText(order) ?? promise;
  return (
    <div className={styles.courier} data-testid="order-courier">
      <p className={styles.courierName}>{courier}</p>
      {when ? (
        <p className={styles.arrival} data-testid="order-arrival">
          {when}
        </p>
      ) : null}
    </div>
  );
}

/** A courier could not deliver it and brought it back to the branch: why, until it goes again. */
export function DeliveryFailed({ order }: { order: PlacedOrder }) {
  if (!order.delivery_failed || order.status === 'on_the_way' || isFinished(order.status))
    return null;
  return (
    <p className={styles.failed} data-testid="order-delivery-failed">
      El domiciliario no pudo entregarlo ({order.delivery_failed}): volvió a la sede.
    </p>
  );
}
