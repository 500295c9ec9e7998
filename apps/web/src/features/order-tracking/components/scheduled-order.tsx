import { describeScheduled, waitsToFire, type PlacedOrder } from '@comanda/shared';
import { buttonClass } from '@/components/ui/button';
import { useCancelOrder } from '../api/cancel-order';
import styles from './order-promise.module.css';

/**
 * A scheduled order waiting for its time (product.md «Order ahead»): "Programado para hoy a las
 * 20:00", and `Cancelar pedido` until the kitchen starts it (its fire time).
 */
export function ScheduledOrder({ order, now }: { order: PlacedOrder; now: Date }) {
  const cancel = useCancelOrder(order.id);
  if (!order.scheduled_for) return null;
  const cancellable = waitsToFire(order, now);
  return (
    <div className={styles.scheduled} data-testid="order-scheduled">
      <p className={styles.scheduledTitle}>
        {describeScheduled(new Date(order.scheduled_for), now)}
      </p>
      {cancellable ? (
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? 'Cancelando…' : 'Cancelar pedido'}
        </button>
      ) : null}
      {cancel.isError ? (
        <p role="alert" className={styles.cancelError}>
          {cancel.error.message}
        </p>
      ) : null}
    </div>
  );
}
