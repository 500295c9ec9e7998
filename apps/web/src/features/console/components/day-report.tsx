import { formatMoney, type BranchSummary } from '@comanda/shared';
import type { ReactNode } from 'react';
import { useBranchShifts } from '../api/get-branch-shifts';
import { differenceText } from '../lib/shift-cash';
import { averageText } from './day-summary';
import styles from './day-report.module.css';

/**
 * The closing report on 80 mm paper: only printed (the screen shows the summary). What a
 * manager staples to the cash count: sales by payment and type, what did not sell, and why,
 * and each courier's cash.
 */
export function DayReport({
  summary,
  branchTitle,
  printedAt,
}: {
  summary: BranchSummary;
  branchTitle: string;
  printedAt: string;
}) {
  const line = (label: string, value: string | number) => (
    <p className={styles.line}>
      <span>{label}</span>
      <span>{value}</span>
    </p>
  );
  return (
    <section className={styles.report} aria-hidden="true">
      <p className={styles.title}>Cierre del día</p>
      <p>{branchTitle}</p>
      <p>
        {summary.date} · impreso {printedAt}
      </p>
      <hr />
      {line('Pedidos', summary.orders)}
      {line(`Ventas (${summary.sales.orders})`, formatMoney(summary.sales.total))}
      {summary.discounts.orders > 0
        ? line(
            `Descuentos (${summary.discounts.orders})`,
            `−${formatMoney(summary.discounts.total)}`,
          )
        : null}
      {summary.refunds.orders > 0
        ? line(`Reembolsos (${summary.refunds.orders})`, `−${formatMoney(summary.refunds.total)}`)
        : null}
      <hr />
      {summary.by_payment.map((row) =>
        line(`${row.payment} (${row.orders})`, formatMoney(row.total)),
      )}
      <hr />
      {summary.by_type.map((row) => line(`${row.label} (${row.orders})`, formatMoney(row.total)))}
      <hr />
      {line('Sin responder', summary.received.orders)}
      {line('Rechazados', summary.rejected.orders)}
      {summary.rejected.reasons.map((row) => line(`  ${row.reason || 'Sin motivo'}`, row.orders))}
      {line('Cancelados', summary.cancelled)}
      <hr />
      {line('Hasta aceptar', averageText(summary.average_accept_minutes))}
      {line('Hasta listo', averageText(summary.average_ready_minutes))}
      {line('Listo → salida', averageText(summary.average_pickup_minutes))}
      {line('Salida → entrega', averageText(summary.average_delivery_minutes))}
      <ShiftLines summary={summary} line={line} />
    </section>
  );
}

/** Each courier's shift: delivered and failed, the cash expected and, once closed, the difference. */
function ShiftLines(props: {
  summary: BranchSummary;
  line: (label: string, value: string | number) => ReactNode;
}) {
  // The same answer as Día's Domiciliarios section: no second read.
  const shifts = useBranchShifts(props.summary.branch_id, props.summary.date);
  const { line } = props;
  if (!shifts.data?.length) return null;
  return shifts.data.map((shift) => (
    <div key={shift.id}>
      <hr />
      <p>{shift.courier.name}</p>
      {line('Entregados / fallidos', `${shift.delivered} / ${shift.failed}`)}
      {line('Efectivo esperado', formatMoney(shift.cash_expected))}
      {shift.cash_handed_in === null
        ? line('Entregó', 'sin cerrar')
        : line('Entregó', formatMoney(shift.cash_handed_in))}
      {shift.difference === null ? null : line('Diferencia', differenceText(shift.difference).text)}
    </div>
  ));
}
