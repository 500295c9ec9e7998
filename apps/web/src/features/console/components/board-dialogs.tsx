import { queueMinutes, type BranchConsole, type PlacedOrder } from '@comanda/shared';
import type { StatusChange } from '../api/change-order-status';
import type { BoardDialogsState } from '../hooks/use-board-dialogs';
import { AcceptDialog, RejectDialog } from './order-dialogs';
import { OrderTicket } from './order-ticket';
import { RefundDialog } from './refund-dialog';

interface BoardDialogsProps {
  dialogs: BoardDialogsState;
  branch: BranchConsole;
  /** Every open order: the usual time offered when accepting counts the queue ahead. */
  orders: readonly PlacedOrder[];
  now: Date;
  /** Sends an acceptance, a rejection or a cancellation after its Deshacer. */
  defer: (change: StatusChange) => void;
}

/** The board's questions over its columns, and the ticket the printer takes. */
export function BoardDialogs({ dialogs, branch, orders, now, defer }: BoardDialogsProps) {
  const { accepting, stopping, ticket } = dialogs;
  return (
    <>
      <AcceptDialog
        order={accepting}
        usualMinutes={
          accepting
            ? queueMinutes(orders, branch, now, accepting.quantity, accepting.id)
            : branch.prep_minutes
        }
        rushMinutes={branch.rush_minutes}
        onAccept={(order, minutes) => defer({ order, to: 'accepted', prep_minutes: minutes })}
        onClose={dialogs.closeAccepting}
      />
      <RejectDialog
        order={stopping?.order ?? null}
        kind={stopping?.kind ?? 'reject'}
        onReject={(order, reason) =>
          defer({ order, to: stopping?.kind === 'cancel' ? 'cancelled' : 'rejected', reason })
        }
        onClose={dialogs.closeStopping}
      />
      <RefundDialog
        order={dialogs.refunding}
        branchId={branch.id}
        onClose={dialogs.closeRefunding}
      />
      {ticket ? <OrderTicket order={ticket} branchTitle={branch.title} /> : null}
    </>
  );
}
