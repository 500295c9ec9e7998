import {
  formatMoney,
  ORDER_CHANNEL_TEXT,
  type PlacedOrder,
  type StaffOrderChannel,
} from '@comanda/shared';
import { useId } from 'react';
import { elapsedText, lateness, minutesSince, unitCount } from '../lib/board';
import { orderActions, type OrderAction } from '../lib/order-actions';
import type { BoardSelection } from '../hooks/use-board-selection';
import { paidOnline } from '../lib/order-money';
import { SelectBox } from './select-bar';
import styles from './order-row.module.css';

interface OrderRowProps {
  order: PlacedOrder;
  now: Date;
  busy: boolean;
  /** What the card says about a change waiting for the connection, if any. */
  pending?: string | undefined;
  onAction: (order: PlacedOrder, action: OrderAction) => void;
  onOpen: (order: PlacedOrder) => void;
  /** In a courier's trip: its courier, not the counter, sends it En camino. */
  inTrip?: boolean | undefined;
  /** Seleccionar varios is on: the line can be chosen (a new order). */
  selection?: BoardSelection | undefined;
}

/** A staff channel as the compact line says it, as «Dom.» and «Rec.» say the order's type. */
const CHANNEL_SHORT: Record<StaffOrderChannel, string> = { telefono: 'Tel.', mostrador: 'Most.' };

/**
 * The compact board's line: number, age, type, units, total and the next action, so forty orders
 * fit a tablet. The number opens the whole card (customer, lines, the other actions).
 */
export function OrderRow(props: OrderRowProps) {
  const { order, now, busy, pending, onAction, onOpen, inTrip, selection } = props;
  const titleId = useId();
  const late = lateness(order, now);
  // The line's one button is never Cancelar: that one is on the opened card.
  const main = orderActions(order, inTrip).find((action) => action.kind !== 'cancel');
  const units = unitCount(order);
  return (
    <article
      className={`${styles.row} ${late ? styles.late : ''} ${order.status === 'received' ? styles.fresh : ''}`}
      aria-labelledby={titleId}
      data-order-id={order.id}
      aria-busy={busy || undefined}
    >
      <div className={styles.facts}>
        {selection && order.status === 'received' && !pending ? (
          <SelectBox order={order} selection={selection} />
        ) : null}
        <h3 id={titleId} className={styles.heading}>
          <button type="button" className={styles.open} onClick={() => onOpen(order)}>
            #{order.id}
          </button>
        </h3>
        <span className={styles.age}>
          {late ? <span className="visually-hidden">Demorado, </span> : null}
          {elapsedText(minutesSince(order.placed_at, now))}
        </span>
        <span className={styles.type}>{order.type_delivery === 2 ? 'Dom.' : 'Rec.'}</span>
        <ChannelTag order={order} />
        <span className={styles.units}>
          {units} {units === 1 ? 'und.' : 'unds.'}
        </span>
        <span className={styles.total}>
          {formatMoney(order.total)}
          {paidOnline(order) ? <span className={styles.paid}>Pagado</span> : null}
        </span>
      </div>
      {pending ? (
        <span className={styles.pending}>{pending}</span>
      ) : main ? (
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          onClick={() => onAction(order, main)}
          aria-describedby={titleId}
        >
          {main.label}
        </button>
      ) : (
        <span />
      )}
    </article>
  );
}

/** Taken by phone or at the counter (decision 087): short on the line, whole when read. */
function ChannelTag({ order }: { order: PlacedOrder }) {
  if (order.channel === 'web') return null;
  return (
    <span className={styles.channel}>
      <span aria-hidden="true">{CHANNEL_SHORT[order.channel]}</span>
      <span className="visually-hidden">{ORDER_CHANNEL_TEXT[order.channel]}</span>
    </span>
  );
}
