import { describeSlotDay, type PlacedOrder } from '@comanda/shared';
import { destinationText } from '../lib/order-text';
import { scheduledLabel } from '../lib/scheduled';
import styles from './scheduled-lane.module.css';

/**
 * Programados (product.md «Order ahead»): the scheduled orders not yet due in the kitchen, soonest
 * first, each with its due time and when it moves to Nuevos. A lane beside the board on a tablet,
 * a list above it on a phone.
 */
export function ScheduledLane({ orders, now }: { orders: readonly PlacedOrder[]; now: Date }) {
  if (orders.length === 0) return null;
  return (
    <section className={styles.lane} aria-labelledby="columna-programados" data-column="scheduled">
      <h2 id="columna-programados" className={styles.title}>
        Programados <span className={styles.count}>{orders.length}</span>
      </h2>
      <ul className={styles.list}>
        {orders.map((order) => (
          <li key={order.id} className={styles.item} data-order-id={order.id}>
            <p className={styles.label}>{scheduledLabel(order, now)}</p>
            <p className={styles.line}>
              <strong>#{order.id}</strong> · {order.customer.name} · {order.quantity}{' '}
              {order.quantity === 1 ? 'producto' : 'productos'}
            </p>
            <p className={styles.line}>
              {destinationText(order)} ·{' '}
              {order.status === 'accepted' ? 'Aceptado · pasa a En preparación' : 'pasa a Nuevos'}{' '}
              {describeSlotDay(new Date(order.fire_at), now)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
