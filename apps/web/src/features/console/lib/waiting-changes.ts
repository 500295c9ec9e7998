import { ORDER_STATUSES, type OrderStatus } from '@comanda/shared';
import { heldActions, type Held, type HeldActions } from '@/lib/held-actions';
import { isRecord } from '@/lib/is-record';
import type { StatusChange } from '../api/change-order-status';

/**
 * The board's status changes that must outlive the page (a tablet reloaded, its browser killed):
 * kept on the device, per branch, in two lists of lib/held-actions.
 * - `countdown`: the change (or the batch, Aceptar seleccionados) waiting for Deshacer, each with
 *   when it was tapped; its window ends UNDO_MS after that.
 * - `outbox`: changes past their window that no answer has settled yet: on their way, or held
 *   without a connection. One is dropped once the server answered it, either way.
 * A reload finds both: a window still open counts down what is left of it; everything else is
 * sent once the board is live and fresh, unless its order changed meanwhile (use-board-actions).
 */
export interface WaitingChanges {
  countdown: HeldActions<StatusChange>;
  outbox: HeldActions<StatusChange>;
}

const isStatus = (value: unknown): value is OrderStatus =>
  ORDER_STATUSES.includes(value as OrderStatus);

/** Enough of a change to trust it: the order as it was read (its id, status, history) and where to. */
function isStatusChange(value: unknown): value is StatusChange {
  if (!isRecord(value) || !isStatus(value.to) || !isRecord(value.order)) return false;
  const { order } = value;
  return (
    Number.isInteger(order.id) &&
    isStatus(order.status) &&
    Array.isArray(order.history) &&
    (value.prep_minutes === undefined || Number.isInteger(value.prep_minutes)) &&
    (value.reason === undefined || typeof value.reason === 'string')
  );
}

/** The branch's two lists, in localStorage unless `storage` is given. */
export function waitingChanges(
  branchId: number,
  storage?: Parameters<typeof heldActions>[2],
): WaitingChanges {
  return {
    countdown: heldActions(`comanda:panel:undo:${branchId}`, isStatusChange, storage),
    outbox: heldActions(`comanda:panel:outbox:${branchId}`, isStatusChange, storage),
  };
}

/** Changes tapped together (one batch) and when their Deshacer ends (ms, the page's clock). */
export interface Deferred {
  changes: StatusChange[];
  endsAt: number;
  /** Found after a reload: part of its window has gone by. */
  resumed?: boolean;
}

/** What a board opening finds on the device. */
export interface Restored {
  /** A batch whose window is still open at `now`. */
  deferred: Deferred | null;
  /** Every change to send once the board is live: past its window, or on its way at the reload. */
  unsent: Held<StatusChange>[];
}

/**
 * Reads what the device kept: a batch still inside its window stays a countdown; one past it
 * moves to the outbox, as if its timer had fired before the reload.
 */
export function restoreWaiting(store: WaitingChanges, now: number, undoMs: number): Restored {
  const counting = store.countdown.read();
  const tapped = counting[0] ? new Date(counting[0].at).getTime() : NaN;
  if (counting.length > 0 && tapped + undoMs > now)
    return {
      deferred: {
        changes: counting.map((held) => held.action),
        endsAt: tapped + undoMs,
        resumed: true,
      },
      unsent: store.outbox.read(),
    };
  store.countdown.drop(() => true);
  for (const held of counting) keepUnsent(store, held.action, held.at);
  return { deferred: null, unsent: store.outbox.read() };
}

/** Puts a change in the outbox, once per order (its latest). */
export function keepUnsent(store: WaitingChanges, change: StatusChange, at: string): void {
  store.outbox.drop((held) => held.action.order.id === change.order.id);
  store.outbox.hold(change, at);
}

/** Forgets an order's change in the outbox: the server answered it. */
export const settled = (store: WaitingChanges, orderId: number): void =>
  store.outbox.drop((held) => held.action.order.id === orderId);

/** Keeps the batch counting down (or, with none, forgets it). */
export function keepCountdown(store: WaitingChanges, deferred: Deferred | null, undoMs: number) {
  store.countdown.drop(() => true);
  if (!deferred) return;
  const at = new Date(deferred.endsAt - undoMs).toISOString();
  for (const change of deferred.changes) store.countdown.hold(change, at);
}
