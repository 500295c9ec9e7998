import { LATENESS_LABELS, type PromiseReport } from '@comanda/shared';
import { useInsights } from '../api/get-insights';
import { formatCount, formatPct, hourName } from '../lib/format';
import { PALETTE } from '../lib/palette';
import { BarList } from './charts/bar-list';
import { TimeChart } from './charts/time-chart';
import { DataTable } from './data-table';
import { Figure, Figures } from './figures';
import { ReportCard, type ReportContext } from './report-card';
import styles from './insights.module.css';

type Line = PromiseReport['totals'];

const keptText = (line: Line) =>
  `${formatPct(line.kept_pct)} (${formatCount(line.kept)} de ${formatCount(line.measured)})`;

/** Promesa: how many orders were ready (or at the door) by the time promised, and how late the rest. */
export function PromiseCard({ context }: { context: ReportContext }) {
  const query = useInsights('promise', context.scope, context.period);
  return (
    <ReportCard
      title="Promesa cumplida"
      report="promise"
      context={context}
      query={query}
      parts={(data) => ({
        empty: data.totals.measured === 0,
        // Orders may have come in with none yet marked ready (or delivered): nothing to measure.
        emptyText:
          'Ningún pedido medido en este periodo: se mide cuando la sede lo marca listo o entregado.',
        figures: (
          <Figures>
            <Figure label="A tiempo" value={formatPct(data.totals.kept_pct)} />
            <Figure label="Pedidos medidos" value={formatCount(data.totals.measured)} />
          </Figures>
        ),
        chart: (
          <PromiseCharts
            data={data}
            chain={context.scope.kind === 'chain' && context.scope.branch === null}
          />
        ),
        table: <PromiseTables data={data} />,
      })}
    />
  );
}

function PromiseCharts({ data, chain }: { data: PromiseReport; chain: boolean }) {
  const total = data.lateness.reduce((sum, bucket) => sum + bucket.orders, 0);
  return (
    <div className={styles.parts}>
      <h3 className={styles.partTitle}>Retraso</h3>
      <BarList
        label="Pedidos por minutos de retraso. Los números están en la tabla."
        max={total}
        items={data.lateness.map((bucket, index) => ({
          key: bucket.bucket,
          label: LATENESS_LABELS[bucket.bucket],
          value: bucket.orders,
          text: formatCount(bucket.orders),
          color: index === 0 ? PALETTE.current : PALETTE.previous,
        }))}
      />
      {chain && data.by_branch.length > 1 ? (
        <>
          <h3 className={styles.partTitle}>Por sede</h3>
          <BarList
            label="Promesa cumplida por sede, en porcentaje. Los números están en la tabla."
            max={100}
            items={data.by_branch.map((line) => ({
              key: String(line.branch_id),
              label: line.name,
              value: line.kept_pct ?? 0,
              text: formatPct(line.kept_pct),
            }))}
          />
        </>
      ) : null}
      <h3 className={styles.partTitle}>Por hora del pedido</h3>
      <TimeChart
        label="Promesa cumplida por hora en que se hizo el pedido, en porcentaje. Los números están en la tabla."
        max={100}
        format={(value) => formatPct(value)}
        axisFormat={(value) => `${value} %`}
        // Every hour of the day, with a bar only where an order was measured.
        points={data.by_hour.map((line) => ({
          key: String(line.hour),
          label: hourName(line.hour).slice(0, 2),
          value: line.measured > 0 ? line.kept_pct : null,
          previous: null,
        }))}
      />
    </div>
  );
}

const lineColumns = <T extends Line>(first: { header: string; cell: (line: T) => string }) => [
  first,
  { header: 'Medidos', cell: (line: T) => formatCount(line.measured), numeric: true },
  { header: 'A tiempo', cell: (line: T) => formatCount(line.kept), numeric: true },
  { header: '% a tiempo', cell: (line: T) => formatPct(line.kept_pct), numeric: true },
];

function PromiseTables({ data }: { data: PromiseReport }) {
  type Bucket = PromiseReport['lateness'][number];
  return (
    <>
      <DataTable
        caption="Retraso"
        columns={[
          { header: 'Retraso', cell: (bucket: Bucket) => LATENESS_LABELS[bucket.bucket] },
          {
            header: 'Pedidos',
            cell: (bucket: Bucket) => formatCount(bucket.orders),
            numeric: true,
          },
        ]}
        rows={data.lateness}
        rowKey={(bucket) => bucket.bucket}
      />
      <DataTable
        caption={`Por sede · total ${keptText(data.totals)}`}
        columns={lineColumns({
          header: 'Sede',
          cell: (line: PromiseReport['by_branch'][number]) => line.name,
        })}
        rows={data.by_branch}
        rowKey={(line) => line.branch_id}
      />
      <DataTable
        caption="Por hora del pedido"
        columns={lineColumns({
          header: 'Hora',
          cell: (line: PromiseReport['by_hour'][number]) => hourName(line.hour),
        })}
        rows={data.by_hour}
        rowKey={(line) => line.hour}
      />
    </>
  );
}
