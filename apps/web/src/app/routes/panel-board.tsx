import { queueMinutes, type BranchConsole, type PlacedOrder } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { ErrorState } from '@/components/ui/error-state';
import {
  useChangeOrderStatus,
  type StatusChange,
} from '@/features/console/api/change-order-status';
import { OrderBoard } from '@/features/console/components/order-board';
import { AcceptDialog, RejectDialog } from '@/features/console/components/order-dialogs';
import { OrderTicket } from '@/features/console/components/order-ticket';
import type { OrderAction } from '@/features/console/lib/order-actions';
import { useClock } from '@/features/console/hooks/use-clock';
import { ScheduledLane } from '@/features/console/components/scheduled-lane';
import { splitScheduled } from '@/features/console/lib/scheduled';
import styles from './panel.module.css';

/** /panel: the board. Every answer is one or two taps and changes the card at once. */
export default function PanelBoard({
  branch,
  orders,
}: {
  branch: BranchConsole;
  orders: UseQueryResult<PlacedOrder[]>;
}) {
  const change = useChangeOrderStatus(branch.id);
  const now = useClock(15_000);
  // Scheduled orders wait in Programados until their fire time (the clock ticks every 15 s).
  const lanes = splitScheduled(orders.data ?? [], now);
  const [accepting, setAccepting] = useState<PlacedOrder | null>(null);
  const [rejecting, setRejecting] = useState<PlacedOrder | null>(null);
  const [ticket, setTicket] = useState<PlacedOrder | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(() => new Set());
  const [problem, setProblem] = useState<string | null>(null);

  const print = (order: PlacedOrder) => {
    // The ticket must be in the page before the print dialog takes its picture.
    flushSync(() => setTicket(order));
    window.print();
  };

  const run = async (change_: StatusChange) => {
    const { order } = change_;
    setProblem(null);
    setBusyIds((current) => new Set([...current, order.id]));
    try {
      const answer = await change.mutateAsync(change_);
      if (change_.to === 'accepted' && branch.auto_print) print(answer);
    } catch (error) {
      setProblem(
        `No pudimos cambiar el pedido #${order.id}. ${error instanceof Error ? error.message : ''}`,
      );
    } finally {
      setBusyIds((current) => new Set([...current].filter((id) => id !== order.id)));
    }
  };

  const onAction = (order: PlacedOrder, action: OrderAction) => {
    if (action.kind === 'accept') setAccepting(order);
    else if (action.kind === 'reject') setRejecting(order);
    else void run({ order, to: action.to });
  };

  return (
    <>
      <h1 className="visually-hidden">Pedidos de {branch.title}</h1>
      {problem ? (
        <div className={styles.problem} role="alert">
          <p>{problem}</p>
          <button type="button" className={styles.problemClose} onClick={() => setProblem(null)}>
            Entendido
          </button>
        </div>
      ) : null}
      {orders.isPending ? (
        <p className={styles.loading} role="status">
          Cargando pedidos…
        </p>
      ) : orders.isError && !orders.data ? (
        <ErrorState
          message="No pudimos cargar los pedidos."
          detail={orders.error.message}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : (
        <>
          <ScheduledLane orders={lanes.scheduled} />
          <OrderBoard
            orders={lanes.board}
            now={now}
            busyIds={busyIds}
            onAction={onAction}
            onPrint={print}
          />
        </>
      )}
      <AcceptDialog
        order={accepting}
        usualMinutes={
          accepting
            ? queueMinutes(orders.data ?? [], branch, now, accepting.quantity, accepting.id)
            : branch.prep_minutes
        }
        rushMinutes={branch.rush_minutes}
        onAccept={(order, minutes) => void run({ order, to: 'accepted', prep_minutes: minutes })}
        onClose={() => setAccepting(null)}
      />
      <RejectDialog
        order={rejecting}
        onReject={(order, reason) => void run({ order, to: 'rejected', reason })}
        onClose={() => setRejecting(null)}
      />
      {ticket ? <OrderTicket order={ticket} branchTitle={branch.title} /> : null}
    </>
  );
}
