import type { InsightAnswers, InsightReport } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { CsvDownload } from '@/components/admin/csv-download';
import { ErrorState } from '@/components/ui/error-state';
import { useDownloadInsightsCsv } from '../api/download-insights-csv';
import type { InsightsPeriod, InsightsScope } from '../api/insight-endpoints';
import styles from './insights.module.css';

/** Whose figures and over which days: what every card is asked with. */
export interface ReportContext {
  scope: InsightsScope;
  period: InsightsPeriod;
}

/** What a card shows once its report is in. */
export interface CardParts {
  /** No order in the period: the card says so instead of drawing empty charts. */
  empty: boolean;
  /** What it says then, when not «Sin pedidos en este periodo.». */
  emptyText?: string;
  figures?: ReactNode;
  chart: ReactNode;
  /** The chart's numbers as tables, behind «Ver tabla»; none when the picture is a table. */
  table?: ReactNode;
}

interface ReportCardProps<R extends InsightReport> {
  title: string;
  report: R;
  context: ReportContext;
  query: UseQueryResult<InsightAnswers[R]>;
  /** Across both columns of the grid (time series, heatmap, the league table). */
  wide?: boolean;
  parts: (data: InsightAnswers[R]) => CardParts;
}

/**
 * One report as a card: its title, key figures, the picture, the same numbers as a table on
 * demand and the report as CSV; loading, failure and an empty period said in words.
 */
export function ReportCard<R extends InsightReport>(props: ReportCardProps<R>) {
  const { title, query, wide = false } = props;
  const titleId = useId();
  return (
    <section
      className={`${styles.card} ${wide ? styles.wide : ''}`}
      aria-labelledby={titleId}
      aria-busy={query.isFetching || undefined}
      data-report={props.report}
    >
      <h2 id={titleId} className={styles.cardTitle}>
        {title}
      </h2>
      {query.isPending ? (
        <p className={styles.state} role="status">
          Cargando…
        </p>
      ) : query.isError ? (
        <ErrorState
          message="No pudimos cargar este informe."
          detail={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <CardBody {...props} parts={props.parts(query.data)} stale={query.isPlaceholderData} />
      )}
    </section>
  );
}

function CardBody<R extends InsightReport>({
  report,
  context,
  parts,
  stale,
}: Pick<ReportCardProps<R>, 'report' | 'context'> & { parts: CardParts; stale: boolean }) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  const download = useDownloadInsightsCsv();
  if (parts.empty)
    return <p className={styles.state}>{parts.emptyText ?? 'Sin pedidos en este periodo.'}</p>;
  return (
    <div className={`${styles.body} ${stale ? styles.stale : ''}`}>
      {parts.figures}
      {parts.chart}
      <div className={styles.cardActions}>
        {parts.table ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={tableId}
            onClick={() => setOpen((shown) => !shown)}
          >
            {open ? 'Ocultar tabla' : 'Ver tabla'}
          </button>
        ) : null}
        <CsvDownload
          onDownload={() => download.mutate({ report, ...context })}
          pending={download.isPending}
          error={download.error}
        />
      </div>
      {parts.table ? (
        <div id={tableId} hidden={!open} className={styles.tables}>
          {open ? parts.table : null}
        </div>
      ) : null}
    </div>
  );
}
