import { formatMoney, REFUND_STATUS_TEXT, type AdminRefund } from '@comanda/shared';
import records from '@/components/admin/record-list.module.css';
import { needsFollowUp } from '../lib/payment-totals';
import { attemptsText, REFUND_TONES } from '../lib/payment-words';
import { Copyable, Moment } from './payment-bits';
import styles from './payments.module.css';

/** What the person following a refund up must know first, by why it needs them. */
const FOLLOW_UP_TEXT = {
  declined:
    'Requiere seguimiento: la pasarela rechazó este reembolso y el cliente no ha recibido el dinero. Revísalo en el panel de la pasarela.',
  pending:
    'Requiere seguimiento: la pasarela aún no confirma este reembolso (Comanda lo sigue intentando). Revísalo en el panel de la pasarela.',
} as const;

/** The refunds of one payment, under its row. */
export function RefundList({ orderId, refunds }: { orderId: number; refunds: AdminRefund[] }) {
  return (
    <ul className={styles.refunds} aria-label={`Reembolsos del pedido #${orderId}`}>
      {refunds.map((refund) => (
        <RefundItem key={refund.id} refund={refund} />
      ))}
    </ul>
  );
}

export function RefundItem({ refund }: { refund: AdminRefund }) {
  const chase = needsFollowUp(refund);
  return (
    <li className={styles.refund} data-follow-up={chase || undefined}>
      <p className={styles.refundLine}>
        <span className={styles.refundAmount}>Reembolso {formatMoney(-refund.amount)}</span>
        <span className={records.badge} data-tone={REFUND_TONES[refund.status]}>
          {REFUND_STATUS_TEXT[refund.status]}
        </span>
        <span>{refund.automatic ? 'Automático' : 'Por el personal'}</span>
        <span className={styles.refundMeta}>
          <Moment iso={refund.created_at} /> · {attemptsText(refund.attempts)}
        </span>
      </p>
      <p className={styles.reason}>Motivo: {refund.reason}</p>
      {chase && refund.status !== 'approved' ? (
        <p className={styles.followUp}>{FOLLOW_UP_TEXT[refund.status]}</p>
      ) : null}
      {refund.last_error ? (
        <p className={chase ? styles.lastError : styles.refundMeta}>
          Último error: {refund.last_error}
        </p>
      ) : null}
      {refund.provider_id ? (
        <p className={styles.refundMeta}>
          Id. en la pasarela: <Copyable text={refund.provider_id} />
        </p>
      ) : null}
    </li>
  );
}
