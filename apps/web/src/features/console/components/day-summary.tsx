import { formatMoney, type BranchSummary } from '@comanda/shared';
import { useId } from 'react';
import styles from './day.module.css';

/** "18 min", or a dash when no order reached ready yet. */
export const averageText = (minutes: number | null) =>
  minutes === null ? '—' : `${Math.round(minutes)} min`;

/** The day added up: orders, sales by payment method, rejections with their reasons, time to ready. */
export function DaySummary({ summary }: { summary: BranchSummary }) {
  const headingId = useId();
  return (
    <section className={styles.summary} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Resumen del día
      </h2>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>Pedidos</dt>
          <dd>{summary.orders}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Ventas</dt>
          <dd>{formatMoney(summary.sales.total)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Rechazados</dt>
          <dd>{summary.rejected.orders}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Tiempo medio hasta listo</dt>
          <dd>{averageText(summary.average_ready_minutes)}</dd>
        </div>
      </dl>

      <h3 className={styles.subheading}>Ventas por medio de pago</h3>
      {summary.by_payment.length === 0 ? (
        <p className={styles.muted}>Aún no hay ventas hoy.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Medio de pago</th>
              <th scope="col">Pedidos</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {summary.by_payment.map((row) => (
              <tr key={row.payment}>
                <th scope="row">{row.payment}</th>
                <td>{row.orders}</td>
                <td>{formatMoney(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3 className={styles.subheading}>Motivos de rechazo</h3>
      {summary.rejected.reasons.length === 0 ? (
        <p className={styles.muted}>Ningún pedido rechazado.</p>
      ) : (
        <ul className={styles.reasons}>
          {summary.rejected.reasons.map((row) => (
            <li key={row.reason}>
              <span>{row.reason}</span> <strong>{row.orders}</strong>
            </li>
          ))}
        </ul>
      )}
      {summary.cancelled > 0 ? (
        <p className={styles.muted}>Cancelados: {summary.cancelled}</p>
      ) : null}
    </section>
  );
}
