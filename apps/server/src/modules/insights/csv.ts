import {
  LATENESS_LABELS,
  type InsightAnswers,
  type InsightReport,
  type SalesReport,
} from '@comanda/shared';
import { toCsv } from '../../lib/csv';

// Each report as a spreadsheet (decision 069): the same numbers as its JSON, one table per file;
// reports made of several lists put them one under the other, named in the first column.

type Cell = string | number | null;
type Table = { header: string[]; rows: Cell[][] };

const WEEKDAYS = ['', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const STATUS_TEXT = { rejected: 'Rechazado', cancelled: 'Cancelado' } as const;

function salesTable(report: SalesReport): Table {
  const prev = report.previous_totals;
  const line = (name: string, key: keyof SalesReport['totals'], ordersToo = false): Cell[] => [
    name,
    ordersToo ? report.totals.orders : null,
    report.totals[key],
    ordersToo ? (prev?.orders ?? null) : null,
    prev ? prev[key] : null,
  ];
  return {
    header: [
      report.granularity === 'hour' ? 'Hora' : 'Día',
      'Pedidos',
      'Ventas',
      'Pedidos periodo anterior',
      'Ventas periodo anterior',
    ],
    rows: [
      ...report.points.map((p) => [p.key, p.orders, p.sales, p.previous_orders, p.previous_sales]),
      line('Total', 'sales', true),
      line('Ticket promedio', 'average_ticket'),
      line('Descuentos', 'discounts'),
      line('Reembolsos', 'refunds'),
    ],
  };
}

type Tables = { [R in InsightReport]: (report: InsightAnswers[R]) => Table };

const TABLES: Tables = {
  sales: salesTable,
  heatmap: (report) => ({
    header: ['Día', 'Hora', 'Pedidos', 'Ventas'],
    rows: report.cells.map((c) => [WEEKDAYS[c.weekday]!, c.hour, c.orders, c.sales]),
  }),
  branches: (report) => ({
    header: [
      'Sede',
      'Ventas',
      'Pedidos',
      'Ticket promedio',
      'Promesa cumplida (%)',
      'Rechazados',
      'Ventas periodo anterior',
      'Pedidos periodo anterior',
    ],
    rows: report.rows.map((r) => [
      r.name,
      r.sales,
      r.orders,
      r.average_ticket,
      r.promise_kept_pct,
      r.rejected,
      r.previous?.sales ?? null,
      r.previous?.orders ?? null,
    ]),
  }),
  products: (report) => ({
    header: ['Lista', 'Producto u opción', 'Unidades o veces', 'Ventas'],
    rows: [
      ...report.best.map((p) => ['Más vendidos', p.title, p.quantity, p.sales]),
      ...report.worst.map((p) => ['Menos vendidos', p.title, p.quantity, p.sales]),
      ...report.never_sold.map((p) => ['Nunca vendidos', p.title, 0, 0]),
      ...report.options.map((o) => ['Opciones más elegidas', o.title, o.times, null]),
    ],
  }),
  channels: (report) => ({
    header: ['Canal', 'Valor', 'Pedidos', 'Ventas', 'Domicilios cobrados'],
    rows: [
      ...report.by_type.map((r) => ['Tipo', r.label, r.orders, r.sales, null]),
      ...report.by_channel.map((r) => ['Origen', r.label, r.orders, r.sales, null]),
      ...report.by_payment.map((r) => ['Medio de pago', r.payment, r.orders, r.sales, null]),
      ...report.by_neighbourhood.map((r) => [
        'Barrio',
        r.neighbourhood,
        r.orders,
        r.sales,
        r.delivery_fees,
      ]),
      ['Momento', 'Programados', report.scheduled.orders, report.scheduled.sales, null],
      ['Momento', 'Lo antes posible', report.asap.orders, report.asap.sales, null],
    ],
  }),
  promise: (report) => ({
    header: ['Grupo', 'Valor', 'Medidos', 'Cumplidos', 'Cumplidos (%)'],
    rows: [
      ['Total', '', report.totals.measured, report.totals.kept, report.totals.kept_pct],
      ...report.lateness.map((l) => ['Retraso', LATENESS_LABELS[l.bucket], l.orders, null, null]),
      ...report.by_branch.map((b) => ['Sede', b.name, b.measured, b.kept, b.kept_pct]),
      ...report.by_hour.map((h) => [
        'Hora',
        String(h.hour).padStart(2, '0'),
        h.measured,
        h.kept,
        h.kept_pct,
      ]),
    ],
  }),
  refusals: (report) => ({
    header: ['Grupo', 'Valor', 'Pedidos', 'Rechazados', 'Cancelados'],
    rows: [
      ['Total', `${report.refused_pct} %`, null, report.rejected, report.cancelled],
      ...report.reasons.map((r) => [
        STATUS_TEXT[r.status],
        r.reason,
        r.orders,
        r.status === 'rejected' ? r.orders : null,
        r.status === 'cancelled' ? r.orders : null,
      ]),
      ...report.by_branch.map((b) => ['Sede', b.name, b.orders, b.rejected, b.cancelled]),
    ],
  }),
  customers: (report) => ({
    header: ['Indicador', 'Valor'],
    rows: [
      ['Clientes', report.customers],
      ['Clientes nuevos', report.new_customers],
      ['Clientes recurrentes', report.returning_customers],
      ['Nuevos que volvieron en 30 días', report.repeat_30d.returned],
      ['Nuevos que volvieron en 30 días (%)', report.repeat_30d.pct],
      ['Cupones emitidos', report.coupons.issued],
      ['Ventas con cupón', report.coupons.redeemed],
      ['Ventas con cupón ($)', report.coupons.redeemed_sales],
      ['Descuentos', report.coupons.discounts],
    ],
  }),
};

/** A report's answer as a CSV file (lib/csv: BOM, quoting, formulas defused). */
export function reportCsv<R extends InsightReport>(report: R, answer: InsightAnswers[R]): string {
  const { header, rows } = (TABLES[report] as (answer: InsightAnswers[R]) => Table)(answer);
  return toCsv(header, rows);
}

/** `informe-ventas-2026-01-01-2026-01-07.csv`. */
export const csvName = (report: InsightReport, answer: { period: { from: string; to: string } }) =>
  `informe-${report}-${answer.period.from}-${answer.period.to}.csv`;
