import type { BranchSummary, DayOrder } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '@/components/ui/error-state';
import { DayOrders } from './day-orders';
import { DaySummary } from './day-summary';

/** Día's summary as its read stands: loading, failed (with a retry), or the figures. */
export function DaySummaryRead({ summary }: { summary: UseQueryResult<BranchSummary> }) {
  if (summary.isPending) return <p role="status">Cargando resumen…</p>;
  if (summary.isError) {
    return (
      <ErrorState
        message="No pudimos cargar el resumen."
        detail={summary.error.message}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
    );
  }
  return <DaySummary summary={summary.data} />;
}

/** Día's list as its read stands: loading, failed (with a retry), or the day's orders. */
export function DayOrdersRead({
  orders,
  search,
  onRefund,
  reprintAt,
  past,
}: {
  orders: UseQueryResult<DayOrder[]>;
  search: string;
  onRefund: (order: DayOrder) => void;
  /** The branch, when it has printers: Reimprimir on each order (decision 071). */
  reprintAt?: number | undefined;
  /** A day gone by, not today. */
  past?: boolean | undefined;
}) {
  if (orders.isPending) return <p role="status">Cargando pedidos…</p>;
  if (orders.isError) {
    return (
      <ErrorState
        message="No pudimos cargar los pedidos del día."
        detail={orders.error.message}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  }
  return (
    <DayOrders
      orders={orders.data}
      search={search}
      onRefund={onRefund}
      reprintAt={reprintAt}
      past={past}
    />
  );
}
