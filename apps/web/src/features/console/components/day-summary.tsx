import { formatMoney, type BranchSummary } from '@comanda/shared';
import { useId } from 'react';
import styles from './day.module.css';

/** "18 min", or a dash when no order reached ready yet. */
export const averageText = (minutes: number | null) =>
  minutes === null ? '—' : `${Math.round(minutes)} min`;

/**
 * The day added up: sales (accepted or further along, not cancelled) by payment method and by
 * type; unanswered, rejected and cancelled apart; the average times to accept and to ready.
 */
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
          <dt>Ventas ({summary.sales.orders})</dt>
          <dd>{formatMoney(summary.sales.total)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Descuentos ({summary.discounts.orders})</dt>
          <dd>
            {summary.discounts.total > 0 ? '−' : ''}
            {formatMoney(summary.discounts.total)}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>Reembolsos ({summary.refunds.orders})</dt>
          <dd>
            {summary.refunds.total > 0 ? '−' : ''}
            {formatMoney(summary.refunds.total)}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>Sin responder</dt>
          <dd>{summary.received.orders}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Rechazados</dt>
          <dd>{summary.rejected.orders}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Cancelados</dt>
          <dd>{summary.cancelled}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Tiempo medio hasta aceptar</dt>
          <dd>{averageText(summary.average_accept_minutes)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Tiempo medio hasta listo</dt>
          <dd>{averageText(summary.average_ready_minutes)}</dd>
        </div>
      </dl>
      <p className={styles.muted}>
        Ventas: pedidos aceptados o más adelante, sin cancelados, ya con sus descuentos y sin lo que
        se devolvió de los pagados en línea. Los pedidos sin responder (
        {formatMoney(summary.received.total)}) no cuentan hasta que se aceptan.
      </p>

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

      <h3 className={styles.subheading}>Ventas por tipo</h3>
      {summary.by_type.length === 0 ? (
        <p className={styles.muted}>Aún no hay ventas hoy.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Tipo</th>
              <th scope="col">Pedidos</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {summary.by_type.map((row) => (
              <tr key={row.type_delivery}>
                <th scope="row">{row.label}</th>
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
    </section>
  );
}
