import { queueMinutes, type BranchConsole, type PlacedOrder } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { ErrorState } from '@/components/ui/error-state';
import { OrderBoard } from '@/features/console/components/order-board';
import { AcceptDialog, RejectDialog } from '@/features/console/components/order-dialogs';
import { OrderTicket } from '@/features/console/components/order-ticket';
import { RefundDialog } from '@/features/console/components/refund-dialog';
import { useBoardActions } from '@/features/console/hooks/use-board-actions';
import { useBoardView } from '@/features/console/hooks/use-board-view';
import type { Connection } from '@/features/console/hooks/use-panel-realtime';
import type { OrderAction } from '@/features/console/lib/order-actions';
import { useClock } from '@/features/console/hooks/use-clock';
import { ScheduledLane } from '@/features/console/components/scheduled-lane';
import { splitScheduled } from '@/features/console/lib/scheduled';
import styles from './panel.module.css';

/** /panel: the board. Every answer is one or two taps and changes the card at once. */
export default function PanelBoard({
  branch,
  orders,
  connection,
}: {
  branch: BranchConsole;
  orders: UseQueryResult<PlacedOrder[]>;
  connection: Connection;
}) {
  const now = useClock(15_000);
  // Scheduled orders wait in Programados until their fire time (the clock ticks every 15 s).
  const lanes = splitScheduled(orders.data ?? [], now);
  const [view, setView] = useBoardView();
  const [accepting, setAccepting] = useState<PlacedOrder | null>(null);
  const [stoppingDialog, setStoppingDialog] = useState<{
    order: PlacedOrder;
    kind: 'reject' | 'cancel';
  } | null>(null);
  const [ticket, setTicket] = useState<PlacedOrder | null>(null);
  const [refunding, setRefunding] = useState<PlacedOrder | null>(null);

  const print = (order: PlacedOrder) => {
    // The ticket must be in the page before the print dialog takes its picture.
    flushSync(() => setTicket(order));
    window.print();
  };

  const actions = useBoardActions({
    branchId: branch.id,
    orders: orders.data,
    fresh: !orders.isFetching,
    connection,
    onAnswer: (change, answer) => {
      if (change.to === 'accepted' && branch.auto_print) print(answer);
    },
  });

  const onAction = (order: PlacedOrder, action: OrderAction) => {
    if (action.kind === 'accept') setAccepting(order);
    else if (action.kind === 'reject') setStoppingDialog({ order, kind: 'reject' });
    else if (action.kind === 'cancel') setStoppingDialog({ order, kind: 'cancel' });
    else actions.run({ order, to: action.to });
  };

  return (
    <div className={styles.boardScreen}>
      <h1 className="visually-hidden">Pedidos de {branch.title}</h1>
      <BoardMessages actions={actions} />
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
          <ScheduledLane orders={lanes.scheduled} now={now} />
          <OrderBoard
            branch={branch}
            orders={lanes.board}
            now={now}
            busyIds={actions.busyIds}
            pending={actions.pending}
            view={view}
            onViewChange={setView}
            onAction={onAction}
            onPrint={print}
            onRefund={setRefunding}
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
        onAccept={(order, minutes) => actions.run({ order, to: 'accepted', prep_minutes: minutes })}
        onClose={() => setAccepting(null)}
      />
      <RejectDialog
        order={stoppingDialog?.order ?? null}
        kind={stoppingDialog?.kind ?? 'reject'}
        onReject={(order, reason) =>
          actions.stop({
            order,
            to: stoppingDialog?.kind === 'cancel' ? 'cancelled' : 'rejected',
            reason,
          })
        }
        onClose={() => setStoppingDialog(null)}
      />
      <RefundDialog order={refunding} branchId={branch.id} onClose={() => setRefunding(null)} />
      {ticket ? <OrderTicket order={ticket} branchTitle={branch.title} /> : null}
    </div>
  );
}

/** What the board has to say above the columns: a refusal, a notice, the undo and recall bar. */
function BoardMessages({ actions }: { actions: ReturnType<typeof useBoardActions> }) {
  const { stopping, recallable } = actions;
  return (
    <>
      {actions.problem ? (
        <div className={styles.problem} role="alert">
          <p>{actions.problem}</p>
          <button type="button" className={styles.problemClose} onClick={actions.clearProblem}>
            Entendido
          </button>
        </div>
      ) : null}
      {actions.notice ? (
        <div className={styles.notice} role="status">
          <p>{actions.notice}</p>
          <button type="button" className={styles.problemClose} onClick={actions.clearNotice}>
            Entendido
          </button>
        </div>
      ) : null}
      {stopping || recallable ? (
        <div className={styles.undoBar}>
          {stopping ? (
            <p role="status" className={styles.undoText}>
              <strong>
                Pedido #{stopping.change.order.id}{' '}
                {stopping.change.to === 'rejected' ? 'rechazado' : 'cancelado'}
              </strong>{' '}
              ({stopping.change.reason}). Se envía en 5 segundos.
            </p>
          ) : (
            <p className={styles.undoText}>
              Último entregado: <strong>#{recallable!.id}</strong>
            </p>
          )}
          {stopping ? (
            <button type="button" className={styles.undoButton} onClick={actions.undo}>
              Deshacer
            </button>
          ) : (
            <button type="button" className={styles.undoButton} onClick={actions.recall}>
              Recuperar #{recallable!.id}
            </button>
          )}
        </div>
      ) : null}
    </>
  );
}
