import { formatMoney, type ChannelsReport } from '@comanda/shared';
import { useInsights } from '../api/get-insights';
import { formatCount } from '../lib/format';
import { BarList, type BarItem } from './charts/bar-list';
import { DataTable } from './data-table';
import { ReportCard, type ReportContext } from './report-card';
import styles from './insights.module.css';

interface Slice {
  name: string;
  orders: number;
  sales: number;
  /** What a neighbourhood's deliveries paid in fees. */
  fees?: number;
}

/** The five ways the report cuts the orders, each as named slices. */
function slicesOf(data: ChannelsReport) {
  return [
    {
      title: 'Recoger o domicilio',
      noun: 'Tipo',
      slices: data.by_type.map((t) => ({ ...t, name: t.label })),
    },
    {
      title: 'Origen: web, teléfono o mostrador',
      noun: 'Origen',
      slices: data.by_channel.map((c) => ({ ...c, name: c.label })),
    },
    {
      title: 'Medio de pago',
      noun: 'Medio de pago',
      slices: data.by_payment.map((p) => ({ ...p, name: p.payment })),
    },
    {
      title: 'Barrios (domicilios)',
      noun: 'Barrio',
      slices: data.by_neighbourhood.map((n) => ({
        ...n,
        name: n.neighbourhood,
        fees: n.delivery_fees,
      })),
    },
    {
      title: 'Programados o lo antes posible',
      noun: 'Momento',
      slices: [
        { name: 'Lo antes posible', ...data.asap },
        { name: 'Programados', ...data.scheduled },
      ],
    },
  ] satisfies { title: string; noun: string; slices: Slice[] }[];
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

const bars = (slices: readonly Slice[]): BarItem[] => {
  const orders = slices.reduce((sum, slice) => sum + slice.orders, 0);
  // One colour for every slice: the names say which is which, and a colour that followed the
  // order (largest first) would paint the same channel differently from one period to the next.
  return slices.map((slice) => ({
    key: slice.name,
    label: slice.name,
    value: slice.orders,
    text: `${formatCount(slice.orders)} · ${share(slice.orders, orders)} %`,
  }));
};

function columnsOf(noun: string, slices: readonly Slice[]) {
  const columns = [
    { header: noun, cell: (slice: Slice) => slice.name },
    { header: 'Pedidos', cell: (slice: Slice) => formatCount(slice.orders), numeric: true },
    { header: 'Ventas', cell: (slice: Slice) => formatMoney(slice.sales), numeric: true },
  ];
  if (slices.some((slice) => slice.fees !== undefined))
    columns.push({
      header: 'Domicilios cobrados',
      cell: (slice: Slice) => formatMoney(slice.fees ?? 0),
      numeric: true,
    });
  return columns;
}

/** Canales: pickup or delivery, where it came from (web, phone, counter), payment, neighbourhood, scheduled or as soon as possible. */
export function ChannelsCard({ context }: { context: ReportContext }) {
  const query = useInsights('channels', context.scope, context.period);
  return (
    <ReportCard
      title="Canales"
      report="channels"
      context={context}
      query={query}
      parts={(data) => {
        const groups = slicesOf(data);
        return {
          empty: data.asap.orders + data.scheduled.orders === 0,
          chart: (
            <div className={styles.parts}>
              {groups.map((group) => (
                <div key={group.title} className={styles.part}>
                  <h3 className={styles.partTitle}>{group.title}</h3>
                  <BarList
                    label={`Pedidos por ${group.title.toLowerCase()}. Los números están en la tabla.`}
                    items={bars(
                      group.title.startsWith('Barrios') ? group.slices.slice(0, 8) : group.slices,
                    )}
                  />
                </div>
              ))}
            </div>
          ),
          table: groups.map((group) => (
            <DataTable
              key={group.title}
              caption={group.title}
              columns={columnsOf(group.noun, group.slices)}
              rows={group.slices}
              rowKey={(slice) => slice.name}
            />
          )),
        };
      }}
    />
  );
}
