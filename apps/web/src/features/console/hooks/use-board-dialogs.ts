import type { PlacedOrder } from '@comanda/shared';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { StatusChange } from '../api/change-order-status';
import type { OrderAction } from '../lib/order-actions';
import { WAITS_FOR_UNDO } from './use-board-actions';

/** Rejecting and cancelling ask the same question (the reason); `kind` says which it is. */
export interface StoppingQuestion {
  order: PlacedOrder;
  kind: 'reject' | 'cancel';
}

/**
 * What the board has open over its columns: the orders being accepted (the time), rejected or
 * cancelled (the reason), refunded, and the ticket last printed.
 */
export function useBoardDialogs() {
  // One order, or several accepted together (Aceptar seleccionados).
  const [accepting, setAccepting] = useState<readonly PlacedOrder[] | null>(null);
  const [stopping, setStopping] = useState<StoppingQuestion | null>(null);
  const [ticket, setTicket] = useState<PlacedOrder | null>(null);
  const [refunding, setRefunding] = useState<PlacedOrder | null>(null);

  const print = (order: PlacedOrder) => {
    // The ticket must be in the page before the print dialog takes its picture.
    flushSync(() => setTicket(order));
    window.print();
  };

  /**
   * A card's tap: Aceptar, Rechazar and Cancelar ask first; Listo waits for Deshacer (`defer`);
   * any other step goes to `run`.
   */
  const onActionWith =
    (to: { run: (change: StatusChange) => void; defer: (change: StatusChange) => void }) =>
    (order: PlacedOrder, action: OrderAction) => {
      if (action.kind === 'accept') setAccepting([order]);
      else if (action.kind === 'reject') setStopping({ order, kind: 'reject' });
      else if (action.kind === 'cancel') setStopping({ order, kind: 'cancel' });
      else if (WAITS_FOR_UNDO.includes(action.to)) to.defer({ order, to: action.to });
      else to.run({ order, to: action.to });
    };

  return {
    accepting,
    stopping,
    ticket,
    refunding,
    print,
    onActionWith,
    /** Aceptar seleccionados: the Aceptar sheet for all of them. */
    acceptMany: (orders: readonly PlacedOrder[]) => setAccepting(orders.length > 0 ? orders : null),
    refund: setRefunding,
    closeAccepting: () => setAccepting(null),
    closeStopping: () => setStopping(null),
    closeRefunding: () => setRefunding(null),
  };
}

export type BoardDialogsState = ReturnType<typeof useBoardDialogs>;
