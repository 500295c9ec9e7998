import { formatMoney, type DayOrder } from '@comanda/shared';
import { useId } from 'react';
import { paidOnline, refundableLeft } from '../lib/order-money';
import { clockText, phoneText } from '../lib/order-text';
import { DayRating } from './day-rating';
import { ReprintButton } from './reprint-button';
import styles from './day.module.css';

const STATUS_CLASS: Partial<Record<DayOrder['status'], string>> = {
  rejected: styles.stopped,
  cancelled: styles.stopped,
  delivered: styles.done,
};

/**
 * A row's order: Día's, or an open order the board holds (the later days' scheduled ones), which
 * states no minutes.
 */
type RowOrder = Omit<DayOrder, 'promised_minutes' | 'actual_minutes'> &
  Partial<Pick<DayOrder, 'promised_minutes' | 'actual_minutes'>>;

/** "Prometido 20 min · real 26 min": the promise made on accepting, and how long it took. */
function minutesText(order: RowOrder) {
  const real = order.actual_minutes == null ? 'sin terminar' : `real ${order.actual_minutes} min`;
  return `Prometido ${order.promised_minutes} min · ${real}`;
}

/** One order on Día: number, a time, who and how, its promise, its status and its total. */
export function DayOrderRow<O extends RowOrder>({
  order,
  time,
  onRefund,
  reprintAt,
}: {
  order: O;
  time: string;
  /** Gives money back of an order paid online (decision 061). */
  onRefund?: ((order: O) => void) | undefined;
  /** The branch, when it has printers: Reimprimir on each order (decision 071). */
  reprintAt?: number | undefined;
}) {
  return (
    <li className={styles.row} data-order-id={order.id}>
      <span className={styles.rowNumber}>#{order.id}</span>
      <span className={styles.rowTime}>{time}</span>
      <span className={styles.rowWho}>
        <span className={styles.rowName}>{order.customer.name}</span>
        <span className={styles.muted}>
          {phoneText(order.customer.phone)} · {order.type_delivery === 2 ? 'Domicilio' : 'Recoger'}{' '}
          · {order.payment}
        </span>
        {order.promised_minutes == null ? null : (
          <span className={styles.muted}>{minutesText(order)}</span>
        )}
        {order.status === 'rejected' && order.reject_reason ? (
          <span className={styles.rowReason}>Motivo: {order.reject_reason}</span>
        ) : null}
        {paidOnline(order) ? (
          <span className={styles.rowPaid}>
            Pagado en línea
            {order.refunded_amount > 0
              ? ` · reembolsado ${formatMoney(order.refunded_amount)}`
              : ''}
          </span>
        ) : null}
        {onRefund && refundableLeft(order) > 0 ? (
          <button type="button" className={styles.rowRefund} onClick={() => onRefund(order)}>
            Reembolsar
          </button>
        ) : null}
        {reprintAt === undefined ? null : <ReprintButton orderId={order.id} branchId={reprintAt} />}
        {order.status === 'delivered' ? <DayRating orderId={order.id} /> : null}
      </span>
      <span className={`${styles.rowStatus} ${STATUS_CLASS[order.status] ?? ''}`}>
        {order.status_text}
      </span>
      <span className={styles.rowTotal}>{formatMoney(order.total)}</span>
    </li>
  );
}

/** One day's orders, newest first, any status: what a manager looks back at. */
export function DayOrders({
  orders,
  search,
  onRefund,
  reprintAt,
  past,
}: {
  orders: readonly DayOrder[];
  search: string;
  onRefund?: (order: DayOrder) => void;
  reprintAt?: number | undefined;
  /** A day gone by (Día's date picker), not today. */
  past?: boolean | undefined;
}) {
  const headingId = useId();
  return (
    <section className={styles.orders} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {past ? 'Pedidos del día' : 'Pedidos de hoy'}{' '}
        <span className={styles.count}>{orders.length}</span>
      </h2>
      {orders.length === 0 ? (
        <p className={styles.muted}>
          {search
            ? `Ningún pedido coincide con «${search}».`
            : past
              ? 'No hubo pedidos ese día.'
              : 'Aún no hay pedidos hoy.'}
        </p>
      ) : (
        <ul className={styles.list}>
          {orders.map((order) => (
            <DayOrderRow
              key={order.id}
              order={order}
              time={clockText(order.placed_at)}
              onRefund={onRefund}
              reprintAt={reprintAt}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
