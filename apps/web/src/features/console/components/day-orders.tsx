import { formatMoney, type DayOrder } from '@comanda/shared';
import { useId } from 'react';
import { paidOnline, refundableLeft } from '../lib/order-money';
import { clockText, phoneText } from '../lib/order-text';
import { ReprintButton } from './reprint-button';
import styles from './day.module.css';

const STATUS_CLASS: Partial<Record<DayOrder['status'], string>> = {
  rejected: styles.stopped,
  cancelled: styles.stopped,
  delivered: styles.done,
};

/** One order on Día: number, a time, who and how, its status and its total. */
export function DayOrderRow({
  order,
  time,
  onRefund,
  reprintAt,
}: {
  order: DayOrder;
  time: string;
  /** Gives money back of an order paid online (decision 061). */
  onRefund?: ((order: DayOrder) => void) | undefined;
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
}: {
  orders: readonly DayOrder[];
  search: string;
  onRefund?: (order: DayOrder) => void;
  reprintAt?: number | undefined;
}) {
  const headingId = useId();
  return (
    <section className={styles.orders} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Pedidos de hoy <span className={styles.count}>{orders.length}</span>
      </h2>
      {orders.length === 0 ? (
        <p className={styles.muted}>
          {search ? `Ningún pedido coincide con «${search}».` : 'Aún no hay pedidos hoy.'}
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
