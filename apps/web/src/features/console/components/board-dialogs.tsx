import type { BranchConsole, PlacedOrder } from '@comanda/shared';
import type { StatusChange } from '../api/change-order-status';
import { useSuggestedMinutes } from '../api/get-suggested-minutes';
import type { BoardDialogsState } from '../hooks/use-board-dialogs';
import { usualMinutesFor } from '../lib/prep-minutes';
import { AcceptDialog, RejectDialog } from './order-dialogs';
import { OrderTicket } from './order-ticket';
import { RefundDialog } from './refund-dialog';

interface BoardDialogsProps {
  dialogs: BoardDialogsState;
  branch: BranchConsole;
  /** Every open order: the usual time offered when accepting counts the queue ahead. */
  orders: readonly PlacedOrder[];
  now: Date;
  /** Sends an acceptance (of one or several), a rejection or a cancellation after its Deshacer. */
  defer: (change: StatusChange | readonly StatusChange[]) => void;
}

/** The board's questions over its columns, and the ticket the printer takes. */
export function BoardDialogs({ dialogs, branch, orders, now, defer }: BoardDialogsProps) {
  const { accepting, stopping, ticket } = dialogs;
  // The server's queue (by station once measured, decision 088); the board's own until it answers.
  const suggested = useSuggestedMinutes(branch.id, accepting);
  return (
    <>
      <AcceptDialog
        orders={accepting}
        usualMinutes={suggested ?? usualMinutesFor(orders, branch, now, accepting)}
        rushMinutes={branch.rush_minutes}
        onAccept={(chosen, minutes) =>
          defer(chosen.map((order) => ({ order, to: 'accepted', prep_minutes: minutes })))
        }
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
