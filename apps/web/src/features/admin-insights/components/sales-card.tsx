import { formatMoney, type SalesReport } from '@comanda/shared';
import { useState } from 'react';
import { useInsights } from '../api/get-insights';
import { dayName, formatCount, hourName, shortDay, shortMoney } from '../lib/format';
import { TimeChart } from './charts/time-chart';
import { DataTable, type Column } from './data-table';
import { Figure, Figures } from './figures';
import { ReportCard, type ReportContext } from './report-card';
import styles from './insights.module.css';

type Point = SalesReport['points'][number];
type Measure = 'sales' | 'orders';

const MEASURES = [
  { value: 'sales', label: 'Ventas' },
  { value: 'orders', label: 'Pedidos' },
] as const;

/** Ventas y pedidos: by hour over one day, by day over more; the previous period dashed. */
export function SalesCard({ context }: { context: ReportContext }) {
  const query = useInsights('sales', context.scope, context.period);
  const [measure, setMeasure] = useState<Measure>('sales');
  return (
    <ReportCard
      title="Ventas y pedidos"
      report="sales"
      context={context}
      query={query}
      wide
      parts={(data) => ({
        empty: data.totals.orders === 0 && (data.previous_totals?.orders ?? 0) === 0,
        figures: <SalesFigures data={data} />,
        chart: (
          <>
            <MeasureChoice value={measure} onChange={setMeasure} />
            <SalesChart data={data} measure={measure} />
          </>
        ),
        table: <SalesTable data={data} />,
      })}
    />
  );
}

/**
 * Ventas or Pedidos in the chart: two pressed-or-not buttons. Not the storefront's segmented
 * control: sharing it would move it out of /menu's chunk into one of its own, a few hundred
 * bytes more on the storefront's first load (bench:web).
 */
function MeasureChoice({ value, onChange }: { value: Measure; onChange: (m: Measure) => void }) {
  return (
    <div role="group" aria-label="Qué mostrar en la gráfica" className={styles.tabs}>
      {MEASURES.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          className={`${styles.tab} ${option.value === value ? styles.tabActive : ''}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function SalesFigures({ data }: { data: SalesReport }) {
  const { totals } = data;
  const before = data.previous_totals;
  const versus = (key: 'sales' | 'orders' | 'average_ticket') =>
    before ? { current: totals[key], previous: before[key] } : null;
  return (
    <Figures>
      <Figure label="Ventas" value={formatMoney(totals.sales)} compare={versus('sales')} />
      <Figure label="Pedidos" value={formatCount(totals.orders)} compare={versus('orders')} />
      <Figure
        label="Ticket promedio"
        value={formatMoney(totals.average_ticket)}
        compare={versus('average_ticket')}
      />
      <Figure label="Descuentos" value={formatMoney(totals.discounts)} />
      <Figure label="Reembolsos" value={formatMoney(totals.refunds)} />
    </Figures>
  );
}

const pointLabel = (data: SalesReport, point: Point, long: boolean) =>
  data.granularity === 'hour'
    ? hourName(point.key)
    : long
      ? dayName(point.key)
      : shortDay(point.key);

function SalesChart({ data, measure }: { data: SalesReport; measure: Measure }) {
  const sales = measure === 'sales';
  const points = data.points.map((point) => ({
    key: point.key,
    label: pointLabel(data, point, false),
    value: sales ? point.sales : point.orders,
    previous: sales ? point.previous_sales : point.previous_orders,
  }));
  const by = data.granularity === 'hour' ? 'por hora' : 'por día';
  return (
    <TimeChart
      points={points}
      label={`${sales ? 'Ventas' : 'Pedidos'} ${by}${data.previous ? ', con el periodo anterior en línea discontinua' : ''}. Los números están en la tabla.`}
      format={sales ? formatMoney : formatCount}
      axisFormat={sales ? shortMoney : formatCount}
    />
  );
}

function SalesTable({ data }: { data: SalesReport }) {
  const columns: Column<Point>[] = [
    {
      header: data.granularity === 'hour' ? 'Hora' : 'Día',
      cell: (p) => pointLabel(data, p, true),
    },
    { header: 'Pedidos', cell: (p) => formatCount(p.orders), numeric: true },
    { header: 'Ventas', cell: (p) => formatMoney(p.sales), numeric: true },
  ];
  if (data.previous) {
    columns.push(
      {
        header: 'Pedidos periodo anterior',
        cell: (p) => formatCount(p.previous_orders ?? 0),
        numeric: true,
      },
      {
        header: 'Ventas periodo anterior',
        cell: (p) => formatMoney(p.previous_sales ?? 0),
        numeric: true,
      },
    );
  }
  return (
    <DataTable
      caption={`Ventas y pedidos ${data.granularity === 'hour' ? 'por hora' : 'por día'}`}
      columns={columns}
      rows={data.points}
      rowKey={(p) => p.key}
    />
  );
}
