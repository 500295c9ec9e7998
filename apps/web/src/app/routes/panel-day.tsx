import { chainToday, type BranchConsole, type DayOrder } from '@comanda/shared';
import { useDeferredValue, useId, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { useBranchSummary } from '@/features/console/api/get-branch-summary';
import { useDayOrders } from '@/features/console/api/get-day-orders';
import { useOpenOrders } from '@/features/console/api/get-open-orders';
import { DayOrders } from '@/features/console/components/day-orders';
import { useDownloadDayCsv } from '@/features/console/api/download-day-csv';
import { DayReport } from '@/features/console/components/day-report';
import { DaySummary } from '@/features/console/components/day-summary';
import { RefundDialog } from '@/features/console/components/refund-dialog';
import { ScheduledDays } from '@/features/console/components/scheduled-days';
import { clockText } from '@/features/console/lib/order-text';
import { searchQuery } from '@/features/console/lib/order-text';
import { useClock } from '@/features/console/hooks/use-clock';
import styles from './panel.module.css';

const dayFormat = new Intl.DateTimeFormat('es-CO', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'America/Bogota',
});

/**
 * /panel/dia: today's orders of the branch (any status), searchable, the day's summary, and the
 * orders scheduled for later days.
 */
export default function PanelDay({ branch }: { branch: BranchConsole }) {
  const now = useClock(60_000);
  const today = chainToday(now);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(searchQuery(search));
  const orders = useDayOrders(branch.id, today, query);
  // The board's open orders (kept current by the panel's events) hold the later days' scheduled ones.
  const open = useOpenOrders(branch.id);
  const summary = useBranchSummary(branch.id, today);
  const searchId = useId();
  const download = useDownloadDayCsv();
  const [refunding, setRefunding] = useState<DayOrder | null>(null);

  return (
    <div className={`${styles.page} ${styles.dayPage}`}>
      <div className={styles.dayHead}>
        <h1 className={styles.heading}>Día · {dayFormat.format(now)}</h1>
        <div className={styles.dayActions}>
          <button
            type="button"
            className={styles.dayButton}
            disabled={download.isPending}
            onClick={() => download.mutate({ branchId: branch.id, date: today })}
          >
            {download.isPending ? 'Descargando…' : 'Descargar CSV'}
          </button>
          <button
            type="button"
            className={styles.dayButton}
            disabled={!summary.data}
            onClick={() => window.print()}
          >
            Imprimir cierre
          </button>
        </div>
        {download.isError ? (
          <p role="alert" className={styles.dayError}>
            No pudimos descargar el día. {download.error.message}
          </p>
        ) : null}
      </div>
      {summary.data ? (
        <DayReport
          summary={summary.data}
          branchTitle={branch.title}
          printedAt={clockText(now.toISOString())}
        />
      ) : null}
      <div className={styles.day}>
        <div className={styles.daySummary}>
          {summary.isPending ? (
            <p role="status">Cargando resumen…</p>
          ) : summary.isError ? (
            <ErrorState
              message="No pudimos cargar el resumen."
              detail={summary.error.message}
              onRetry={() => void summary.refetch()}
              retrying={summary.isFetching}
            />
          ) : (
            <DaySummary summary={summary.data} />
          )}
        </div>
        <div className={styles.dayOrders}>
          <div className={styles.search}>
            <label htmlFor={searchId} className={styles.searchLabel}>
              Buscar por número de pedido, cliente o celular
            </label>
            <input
              id={searchId}
              className={styles.searchInput}
              type="search"
              value={search}
              maxLength={80}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Ej.: #125, Ana o 300 123 4567"
              autoComplete="off"
            />
          </div>
          {orders.isPending ? (
            <p role="status">Cargando pedidos…</p>
          ) : orders.isError ? (
            <ErrorState
              message="No pudimos cargar los pedidos del día."
              detail={orders.error.message}
              onRetry={() => void orders.refetch()}
              retrying={orders.isFetching}
            />
          ) : (
            <DayOrders orders={orders.data} search={query} onRefund={setRefunding} />
          )}
          <ScheduledDays orders={open.data ?? []} now={now} />
        </div>
      </div>
      <RefundDialog order={refunding} branchId={branch.id} onClose={() => setRefunding(null)} />
    </div>
  );
}
