import { formatMoney, type BranchSummary } from '@comanda/shared';
import { useId } from 'react';
import { CourierShifts } from './courier-shifts';
import styles from './day.module.css';

/** "18 min", or a dash when no order reached ready yet. */
export const averageText = (minutes: number | null) =>
  minutes === null ? '—' : `${Math.round(minutes)} min`;

/**
 * The day added up: sales (accepted or further along, not cancelled) by payment method, by
 * type and by channel (web, phone, counter: decision 087); unanswered, rejected and cancelled apart; the average times to accept, to ready, from
 * ready to a courier leaving and from leaving to the door; each kitchen station's minutes per
 * item; then each courier's shift and cash.
 */
export function DaySummary({ summary }: { summary: BranchSummary }) {
  const headingId = useId();
  return (
    <section className={styles.summary} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Resumen del día
      </h2>
      <SummaryFigures summary={summary} />
      <p className={styles.muted}>
        Ventas: pedidos aceptados o más adelante, sin cancelados, ya con sus descuentos y sin lo que
        se devolvió de los pagados en línea. Los pedidos sin responder (
        {formatMoney(summary.received.total)}) no cuentan hasta que se aceptan.
      </p>
      <SalesTable
        title="Ventas por medio de pago"
        column="Medio de pago"
        rows={summary.by_payment.map((row) => ({ key: row.payment, label: row.payment, ...row }))}
      />
      <SalesTable
        title="Ventas por tipo"
        column="Tipo"
        rows={summary.by_type.map((row) => ({ key: String(row.type_delivery), ...row }))}
      />
      <SalesTable
        title="Ventas por canal"
        column="Canal"
        rows={summary.by_channel.map((row) => ({ key: row.channel, ...row }))}
      />
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
      <StationTimes stations={summary.stations} />
      <CourierShifts branchId={summary.branch_id} date={summary.date} />
    </section>
  );
}

/** "4,5 min": a station's minutes per item, one decimal (a fast fryer's 0,8 min says something). */
const perItemText = (minutes: number | null) =>
  minutes === null ? '—' : `${minutes.toLocaleString('es-CO', { maximumFractionDigits: 1 })} min`;

/**
 * Each kitchen station's items bumped that day and its average minutes of work per item
 * (decision 088): what tells a manager which station holds the promise back.
 */
function StationTimes({ stations }: { stations: BranchSummary['stations'] }) {
  return (
    <>
      <h3 className={styles.subheading}>Tiempo por estación</h3>
      {stations.every((station) => station.items === 0) ? (
        <p className={styles.muted}>Ninguna estación marcó productos listos este día.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Estación</th>
              <th scope="col">Productos</th>
              <th scope="col">Minutos por producto</th>
            </tr>
          </thead>
          <tbody>
            {stations.map((station) => (
              <tr key={station.station_id}>
                <th scope="row">{station.name}</th>
                <td>{station.items}</td>
                <td>{perItemText(station.average_item_minutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

const minus = (total: number) => `${total > 0 ? '−' : ''}${formatMoney(total)}`;

/** The day's figures, two by two: counts, money and the average times. */
function SummaryFigures({ summary }: { summary: BranchSummary }) {
  const figures: [string, string | number][] = [
    ['Pedidos', summary.orders],
    [`Ventas (${summary.sales.orders})`, formatMoney(summary.sales.total)],
    [`Descuentos (${summary.discounts.orders})`, minus(summary.discounts.total)],
    [`Reembolsos (${summary.refunds.orders})`, minus(summary.refunds.total)],
    ['Sin responder', summary.received.orders],
    ['Rechazados', summary.rejected.orders],
    ['Cancelados', summary.cancelled],
    ['Tiempo medio hasta aceptar', averageText(summary.average_accept_minutes)],
    ['Tiempo medio hasta listo', averageText(summary.average_ready_minutes)],
    ['Tiempo medio Listo → salida', averageText(summary.average_pickup_minutes)],
    ['Tiempo medio Salida → entrega', averageText(summary.average_delivery_minutes)],
  ];
  return (
    <dl className={styles.figures}>
      {figures.map(([label, value]) => (
        <div key={label} className={styles.figure}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Sales grouped one way (payment method, type): orders and total per row. */
function SalesTable(props: {
  title: string;
  column: string;
  rows: { key: string; label: string; orders: number; total: number }[];
}) {
  return (
    <>
      <h3 className={styles.subheading}>{props.title}</h3>
      {props.rows.length === 0 ? (
        <p className={styles.muted}>Sin ventas.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{props.column}</th>
              <th scope="col">Pedidos</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{row.orders}</td>
                <td>{formatMoney(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
