import type { PlacedOrder } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { splitScheduled } from '../lib/scheduled';
import { OrderBoard } from './order-board';
import { ScheduledLane } from './scheduled-lane';
import styles from './board-orders.module.css';

type BoardProps = Omit<ComponentProps<typeof OrderBoard>, 'orders' | 'now'>;

/**
 * The board's orders as their read stands: loading, a first read that failed, or Programados and
 * the columns. A read that fails after one succeeded keeps showing what it had.
 */
export function BoardOrders({
  orders,
  now,
  ...board
}: BoardProps & { orders: UseQueryResult<PlacedOrder[]>; now: Date }) {
  if (orders.isPending) {
    return (
      <p className={styles.loading} role="status">
        Cargando pedidos…
      </p>
    );
  }
  if (orders.isError && !orders.data) {
    return (
      <ErrorState
        message="No pudimos cargar los pedidos."
        detail={orders.error.message}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  }
  // Scheduled orders wait in Programados until their fire time (the clock ticks every 15 s).
  const lanes = splitScheduled(orders.data, now);
  // Programados leads the toolbar's line: one line over the columns for both (decision 088).
  return (
    <OrderBoard
      {...board}
      orders={lanes.board}
      now={now}
      toolbarStart={<ScheduledLane orders={lanes.scheduled} now={now} />}
    />
  );
}
