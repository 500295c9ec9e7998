import { chainClock, dayWords, describeSlotDay, type PlacedOrder } from '@comanda/shared';
import { useId, useState } from 'react';
import { destinationText } from '../lib/order-text';
import { firingSoon, scheduledLabel } from '../lib/scheduled';
import styles from './scheduled-lane.module.css';

/**
 * Programados (product.md «Order ahead»): the scheduled orders not yet due in the kitchen, soonest
 * first. One line over the board, so the columns keep the screen: how many and when the next is
 * due ("Programados 3 · el próximo 20:45"), and those firing within 30 minutes by name; `Ver`
 * opens every one with its due time and when it moves to Nuevos.
 */
export function ScheduledLane({ orders, now }: { orders: readonly PlacedOrder[]; now: Date }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (orders.length === 0) return null;
  const soon = firingSoon(orders, now);
  return (
    <section className={styles.lane} aria-labelledby="columna-programados" data-column="scheduled">
      <div className={styles.bar}>
        <h2 id="columna-programados" className={styles.title}>
          Programados <span className={styles.count}>{orders.length}</span>
        </h2>
        {soon.length > 0 ? (
          <ul
            className={styles.soon}
            tabIndex={0}
            aria-label="Pasan a la cocina en menos de 30 minutos"
          >
            {soon.map((order) => (
              <li key={order.id} className={styles.chip}>
                <strong>#{order.id}</strong> {chainClock(new Date(order.scheduled_for!))} · a{' '}
                {order.status === 'accepted' ? 'En preparación' : 'Nuevos'}{' '}
                {chainClock(new Date(order.fire_at))}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.next}>el próximo {dueText(orders[0]!, now)}</p>
        )}
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((current) => !current)}
        >
          {open ? 'Ocultar' : 'Ver'}
        </button>
      </div>
      {/* Closed, the list stays in the page, hidden: `Ver` shows it at once. */}
      {/* It scrolls when long: reachable by keyboard (axe: scrollable-region-focusable). */}
      <ul id={listId} className={styles.list} hidden={!open} tabIndex={0}>
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

/** "20:45" today, "mañana 20:45", "el viernes 5 20:45": when a scheduled order is due. */
function dueText(order: PlacedOrder, now: Date): string {
  const due = new Date(order.scheduled_for!);
  const day = dayWords(due, now);
  return `${day === 'hoy' ? '' : `${day} `}${chainClock(due)}`;
}
