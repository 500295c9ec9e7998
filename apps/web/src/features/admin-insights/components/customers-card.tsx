import { formatMoney, type CustomersReport } from '@comanda/shared';
import { useInsights } from '../api/get-insights';
import { formatCount, formatPct } from '../lib/format';
import { PALETTE } from '../lib/palette';
import { BarList } from './charts/bar-list';
import { DataTable } from './data-table';
import { Figure, Figures } from './figures';
import { ReportCard, type ReportContext } from './report-card';
import styles from './insights.module.css';

interface Row {
  name: string;
  value: string;
}

/** Every figure of the report as «what · how much», for the table. */
const rowsOf = (data: CustomersReport): Row[] => [
  { name: 'Clientes con compras', value: formatCount(data.customers) },
  { name: 'Nuevos (primera compra)', value: formatCount(data.new_customers) },
  { name: 'Recurrentes', value: formatCount(data.returning_customers) },
  { name: 'Nuevos que volvieron en 30 días', value: formatCount(data.repeat_30d.returned) },
  { name: 'Recompra a 30 días', value: formatPct(data.repeat_30d.pct) },
  { name: 'Cupones emitidos', value: formatCount(data.coupons.issued) },
  { name: 'Pedidos con cupón', value: formatCount(data.coupons.redeemed) },
  { name: 'Ventas con cupón', value: formatMoney(data.coupons.redeemed_sales) },
  { name: 'Descuentos de cupones', value: formatMoney(data.coupons.discounts) },
];

/** Clientes: new and returning, who came back within 30 days, and what coupons brought. */
export function CustomersCard({ context }: { context: ReportContext }) {
  const query = useInsights('customers', context.scope, context.period);
  return (
    <ReportCard
      title="Clientes"
      report="customers"
      context={context}
      query={query}
      parts={(data) => ({
        empty: data.customers === 0 && data.coupons.issued === 0,
        figures: (
          <Figures>
            <Figure label="Clientes" value={formatCount(data.customers)} />
            <Figure label="Recompra a 30 días" value={formatPct(data.repeat_30d.pct)} />
            <Figure label="Ventas con cupón" value={formatMoney(data.coupons.redeemed_sales)} />
          </Figures>
        ),
        chart: <CustomerCharts data={data} />,
        table: (
          <DataTable
            caption="Clientes y cupones"
            columns={[
              { header: 'Cifra', cell: (row: Row) => row.name },
              { header: 'Valor', cell: (row: Row) => row.value, numeric: true },
            ]}
            rows={rowsOf(data)}
            rowKey={(row) => row.name}
          />
        ),
      })}
    />
  );
}

function CustomerCharts({ data }: { data: CustomersReport }) {
  return (
    <div className={styles.parts}>
      <h3 className={styles.partTitle}>Nuevos y recurrentes</h3>
      <BarList
        label="Clientes nuevos y recurrentes. Los números están en la tabla."
        max={data.customers}
        items={[
          {
            key: 'new',
            label: 'Nuevos',
            value: data.new_customers,
            text: formatCount(data.new_customers),
            color: PALETTE.second,
          },
          {
            key: 'returning',
            label: 'Recurrentes',
            value: data.returning_customers,
            text: formatCount(data.returning_customers),
          },
        ]}
      />
      <h3 className={styles.partTitle}>Cupones</h3>
      <BarList
        label="Cupones emitidos y usados. Los números están en la tabla."
        items={[
          {
            key: 'issued',
            label: 'Emitidos',
            value: data.coupons.issued,
            text: formatCount(data.coupons.issued),
            color: PALETTE.third,
          },
          {
            key: 'redeemed',
            label: `Usados · ${formatMoney(data.coupons.redeemed_sales)} en ventas`,
            value: data.coupons.redeemed,
            text: formatCount(data.coupons.redeemed),
            color: PALETTE.third,
          },
        ]}
      />
    </div>
  );
}
