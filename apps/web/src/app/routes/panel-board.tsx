import type { BranchConsole, PlacedOrder } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { BoardDialogs } from '@/features/console/components/board-dialogs';
import { BoardMessages, RecallButton } from '@/features/console/components/board-messages';
import { BoardOrders } from '@/features/console/components/board-orders';
import { useBoardActions } from '@/features/console/hooks/use-board-actions';
import { useBoardDialogs } from '@/features/console/hooks/use-board-dialogs';
import { useBoardView } from '@/features/console/hooks/use-board-view';
import type { Connection } from '@/features/console/hooks/use-panel-realtime';
import { useClock } from '@/features/console/hooks/use-clock';
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
  const [view, setView] = useBoardView();
  const dialogs = useBoardDialogs();
  const actions = useBoardActions({
    branchId: branch.id,
    orders: orders.data,
    fresh: !orders.isFetching,
    connection,
    onAnswer: (change, answer) => {
      if (change.to === 'accepted' && branch.auto_print) dialogs.print(answer);
    },
  });

  return (
    <div className={styles.boardScreen}>
      <h1 className="visually-hidden">Pedidos de {branch.title}</h1>
      <BoardMessages actions={actions} />
      <BoardOrders
        orders={orders}
        now={now}
        branch={branch}
        busyIds={actions.busyIds}
        pending={actions.pending}
        view={view}
        onViewChange={setView}
        onAction={dialogs.onActionWith(actions)}
        onPrint={dialogs.print}
        onAcceptMany={dialogs.acceptMany}
        onRefund={dialogs.refund}
        toolbarEnd={<RecallButton recallable={actions.recallable} onRecall={actions.recall} />}
      />
      <BoardDialogs
        dialogs={dialogs}
        branch={branch}
        orders={orders.data ?? []}
        now={now}
        defer={actions.defer}
      />
    </div>
  );
}
