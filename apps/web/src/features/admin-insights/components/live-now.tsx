import { chainClock, formatMoney, LATE_UNANSWERED_MINUTES, type LiveReport } from '@comanda/shared';
import { useId, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { useLiveInsights } from '../api/get-live-insights';
import { ATTENTION_FIRST, needsCall, sortLive, type LiveSort } from '../lib/live-now';
import { LiveHeader, LiveRow } from './live-now-table';
import styles from './live-now.module.css';

/**
 * Informes' Ahora: every branch at this moment for head office — open, closed or paused, its
 * rush minutes, the orders waiting and late, the couriers out, today's sales — with the branches
 * to phone first. Kept live by the panel's socket (api/get-live-insights).
 */
export function LiveNow() {
  const titleId = useId();
  const live = useLiveInsights();
  return (
    <section
      className={styles.live}
      aria-labelledby={titleId}
      aria-busy={live.isFetching || undefined}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Ahora
        </h2>
        {live.data ? (
          <p className={styles.updated}>
            Actualizado a las {chainClock(new Date(live.data.at))} · se actualiza solo
          </p>
        ) : null}
      </div>
      {live.isPending ? (
        <p className={styles.state} role="status">
          Cargando las sedes…
        </p>
      ) : live.isError ? (
        <ErrorState
          message="No pudimos cargar las sedes en este momento."
          detail={live.error.message}
          onRetry={() => void live.refetch()}
          retrying={live.isFetching}
        />
      ) : live.data.branches.length === 0 ? (
        <p className={styles.state}>La cadena no tiene sedes activas.</p>
      ) : (
        <LiveBody report={live.data} />
      )}
    </section>
  );
}

function LiveBody({ report }: { report: LiveReport }) {
  const [sort, setSort] = useState<LiveSort>(ATTENTION_FIRST);
  const hintId = useId();
  return (
    <>
      <LiveTotals report={report} />
      <p id={hintId} className={styles.hint}>
        {`Primero las sedes que conviene llamar: un pedido atrasado o sin responder hace ${LATE_UNANSWERED_MINUTES} minutos o más. Toca un encabezado para ordenar.`}
      </p>
      <div className={styles.wrap} role="region" aria-label="Sedes ahora" tabIndex={0}>
        <table
          className={styles.table}
          aria-label="Cada sede en este momento"
          aria-describedby={hintId}
        >
          <LiveHeader sort={sort} onSort={setSort} />
          <tbody>
            {sortLive(report.branches, sort, report.at).map((branch) => (
              <LiveRow key={branch.branch_id} branch={branch} at={report.at} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The chain's figures at a glance, above the table. */
function LiveTotals({ report }: { report: LiveReport }) {
  const sum = (of: (b: LiveReport['branches'][number]) => number) =>
    report.branches.reduce((total, branch) => total + of(branch), 0);
  const toCall = report.branches.filter((branch) => needsCall(branch, report.at)).length;
  const totals: { label: string; value: string; alert?: boolean }[] = [
    { label: 'Sedes para llamar', value: String(toCall), alert: toCall > 0 },
    { label: 'Esperando respuesta', value: String(sum((b) => b.waiting)) },
    { label: 'Atrasados', value: String(sum((b) => b.late)), alert: sum((b) => b.late) > 0 },
    { label: 'Domiciliarios en la calle', value: String(sum((b) => b.couriers_out)) },
    { label: 'Ventas de hoy', value: formatMoney(sum((b) => b.today.sales)) },
  ];
  return (
    <dl className={styles.totals}>
      {totals.map((total) => (
        <div key={total.label} className={styles.total}>
          <dt className={styles.totalLabel}>{total.label}</dt>
          <dd className={styles.totalValue} data-alert={total.alert ?? false}>
            {total.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
