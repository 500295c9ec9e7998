import { formatMoney, type AdminPayment } from '@comanda/shared';
import { paymentTotals } from '../lib/payment-totals';
import styles from './payments.module.css';

const pagos = (n: number) => `${n} ${n === 1 ? 'pago cobrado' : 'pagos cobrados'}`;
const hechos = (n: number) => `${n} ${n === 1 ? 'reembolso hecho' : 'reembolsos hechos'}`;

/** Cobrado, Reembolsado and Neto of the attempts listed, as the provider's statement adds them. */
export function PaymentTotalsView({ payments }: { payments: readonly AdminPayment[] }) {
  const totals = paymentTotals(payments);
  return (
    <section className={styles.totals} aria-label="Totales de lo que se muestra">
      <dl className={styles.totalList}>
        <div className={styles.total}>
          <dt>Cobrado</dt>
          <dd className={styles.totalAmount}>{formatMoney(totals.charged)}</dd>
          <dd className={styles.totalNote}>{pagos(totals.chargedCount)}</dd>
        </div>
        <div className={styles.total}>
          <dt>Reembolsado</dt>
          <dd className={styles.totalAmount}>{formatMoney(-totals.refunded)}</dd>
          <dd className={styles.totalNote}>
            {hechos(totals.refundedCount)}
            {totals.refunding > 0 ? `; ${formatMoney(totals.refunding)} más en proceso` : ''}
          </dd>
        </div>
        <div className={styles.total} data-net="">
          <dt>Neto</dt>
          <dd className={styles.totalAmount}>{formatMoney(totals.net)}</dd>
          <dd className={styles.totalNote}>Cobrado menos reembolsado</dd>
        </div>
      </dl>
    </section>
  );
}
