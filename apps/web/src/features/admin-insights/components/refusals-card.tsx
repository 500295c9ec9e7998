import type { RefusalsReport } from '@comanda/shared';
import { useInsights } from '../api/get-insights';
import { formatCount, formatPct } from '../lib/format';
import { PALETTE } from '../lib/palette';
import { BarList } from './charts/bar-list';
import { DataTable } from './data-table';
import { Figure, Figures } from './figures';
import { ReportCard, type ReportContext } from './report-card';
import styles from './insights.module.css';

type Reason = RefusalsReport['reasons'][number];
type BranchLine = RefusalsReport['by_branch'][number];

const STATUS_NAMES = { rejected: 'Rechazado', cancelled: 'Cancelado' } as const;

/** Rechazos y cancelaciones: how many, why, and where. */
export function RefusalsCard({ context }: { context: ReportContext }) {
  const query = useInsights('refusals', context.scope, context.period);
  const chain = context.scope.kind === 'chain' && context.scope.branch === null;
  return (
    <ReportCard
      title="Rechazos y cancelaciones"
      report="refusals"
      context={context}
      query={query}
      parts={(data) => ({
        empty: data.by_branch.every((line) => line.orders === 0),
        figures: (
          <Figures>
            <Figure label="Rechazados" value={formatCount(data.rejected)} />
            <Figure label="Cancelados" value={formatCount(data.cancelled)} />
            <Figure label="De todos los pedidos" value={formatPct(data.refused_pct)} />
          </Figures>
        ),
        chart: <RefusalCharts data={data} chain={chain} />,
        table: <RefusalTables data={data} />,
      })}
    />
  );
}

function RefusalCharts({ data, chain }: { data: RefusalsReport; chain: boolean }) {
  const branches = data.by_branch.filter((line) => line.rejected + line.cancelled > 0);
  if (data.reasons.length === 0)
    return <p className={styles.muted}>Ningún pedido rechazado ni cancelado en este periodo.</p>;
  return (
    <div className={styles.parts}>
      <h3 className={styles.partTitle}>Por motivo</h3>
      <BarList
        label="Pedidos rechazados y cancelados por motivo. Los números están en la tabla."
        items={data.reasons.slice(0, 8).map((reason) => ({
          key: `${reason.status}-${reason.reason}`,
          label: `${reason.reason} (${STATUS_NAMES[reason.status].toLowerCase()})`,
          value: reason.orders,
          text: formatCount(reason.orders),
          color: reason.status === 'rejected' ? PALETTE.previous : PALETTE.fourth,
        }))}
      />
      {chain && branches.length > 0 ? (
        <>
          <h3 className={styles.partTitle}>Por sede</h3>
          <BarList
            label="Pedidos rechazados y cancelados por sede. Los números están en la tabla."
            items={branches.map((line) => ({
              key: String(line.branch_id),
              label: line.name,
              value: line.rejected + line.cancelled,
              text: `${formatCount(line.rejected)} rech. · ${formatCount(line.cancelled)} canc.`,
              color: PALETTE.previous,
            }))}
          />
        </>
      ) : null}
    </div>
  );
}

function RefusalTables({ data }: { data: RefusalsReport }) {
  return (
    <>
      <DataTable
        caption="Por motivo"
        columns={[
          { header: 'Motivo', cell: (reason: Reason) => reason.reason },
          { header: 'Estado', cell: (reason: Reason) => STATUS_NAMES[reason.status] },
          {
            header: 'Pedidos',
            cell: (reason: Reason) => formatCount(reason.orders),
            numeric: true,
          },
        ]}
        rows={data.reasons}
        rowKey={(reason) => `${reason.status}-${reason.reason}`}
      />
      <DataTable
        caption="Por sede"
        columns={[
          { header: 'Sede', cell: (line: BranchLine) => line.name },
          {
            header: 'Pedidos',
            cell: (line: BranchLine) => formatCount(line.orders),
            numeric: true,
          },
          {
            header: 'Rechazados',
            cell: (line: BranchLine) => formatCount(line.rejected),
            numeric: true,
          },
          {
            header: 'Cancelados',
            cell: (line: BranchLine) => formatCount(line.cancelled),
            numeric: true,
          },
        ]}
        rows={data.by_branch}
        rowKey={(line) => line.branch_id}
      />
    </>
  );
}
