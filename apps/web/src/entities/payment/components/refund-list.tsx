import { CHAIN_TIME_ZONE, formatMoney, type OrderRefund } from '@comanda/shared';
import styles from './refund-list.module.css';
import { dateFormat } from '@/lib/date-format';

const confirmedDay = dateFormat({
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: CHAIN_TIME_ZONE,
});

/** How a refund stands, as the customer reads it. */
function refundState(refund: OrderRefund): string {
  if (refund.status === 'approved' && refund.confirmed_at)
    return `Hecho el ${confirmedDay.format(new Date(refund.confirmed_at))}`;
  if (refund.status === 'declined') return 'La pasarela no pudo hacerlo: la sede te contactará';
  return 'En proceso';
}

/**
 * The refunds of an order paid online (decision 061): how much, why, and whether the provider
 * has made it yet. The money goes back to the way the customer paid.
 */
export function RefundList({ refunds }: { refunds: readonly OrderRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="Reembolsos">
      {refunds.map((refund) => (
        <li key={refund.id} className={styles.refund}>
          <p className={styles.head}>
            <span>Reembolso</span>
            <strong>{formatMoney(refund.amount)}</strong>
          </p>
          <p className={styles.reason}>{refund.reason}</p>
          <p className={refund.status === 'approved' ? styles.done : styles.state}>
            {refundState(refund)}
          </p>
        </li>
      ))}
    </ul>
  );
}
