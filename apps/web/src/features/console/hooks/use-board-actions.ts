import { ORDER_STATUS_TEXT, type PlacedOrder } from '@comanda/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useChangeOrderStatus, useShownAhead, type StatusChange } from '../api/change-order-status';
import type { Connection } from './use-panel-realtime';
import { useUndoCountdown } from './use-undo-countdown';
import { clockText } from '../lib/order-text';
import {
  keepCountdown,
  keepUnsent,
  restoreWaiting,
  settled,
  waitingChanges,
  type Deferred,
  type WaitingChanges,
} from '../lib/waiting-changes';
import { connectionLost, type Held as KeptOnDevice } from '@/lib/held-actions';

/**
 * How long Aceptar, Listo, Rechazar and Cancelar wait for "Deshacer" before they are sent: nothing
 * reaches the server, so nothing reaches the customer (no "Aceptado", no ready ping), until then.
 */
export const UNDO_MS = 5000;

/** The changes that wait for Deshacer; the others (En camino, Entregado) are sent at once. */
export const WAITS_FOR_UNDO: readonly PlacedOrder['status'][] = [
  'accepted',
  'ready',
  'rejected',
  'cancelled',
];

/** Aceptar and Listo move the card on this board while they wait; a stop leaves it in place. */
const SHOWN_AHEAD: readonly PlacedOrder['status'][] = ['accepted', 'ready'];

/**
 * A change taken while the board had no connection, or found on the device after a reload: sent,
 * or refused, once the connection is back.
 */
interface Held {
  change: StatusChange;
  /** When the finger tapped it (ISO). */
  at: string;
  /** Found after a reload rather than held for want of a connection: said so when sent. */
  reloaded?: boolean;
}

export type { Deferred };

const VERB: Partial<Record<PlacedOrder['status'], string>> = {
  accepted: 'Aceptado',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  ready: 'Listo',
  on_the_way: 'En camino',
  delivered: 'Entregado',
};

const verb = (to: PlacedOrder['status']) => VERB[to] ?? ORDER_STATUS_TEXT[to];

/**
 * What the board does with a tap, beyond sending it: Aceptar (one order or several at once),
 * Listo, Rechazar and Cancelar wait UNDO_MS for "Deshacer" (one at a time: the next one sends the
 * one waiting); a change taken without a connection waits, said on its card, and once the
 * connection is back it is sent with the time it was taken stated, or refused when the order
 * changed meanwhile (another screen answered it, the customer cancelled); the last order bumped
 * to "Entregado" here can be recalled to "Listo". What waits or is on its way is also kept on the
 * device (lib/waiting-changes): a reload inside the window finds its Deshacer still counting, and
 * one after it sends what was unanswered, once.
 */
export function useBoardActions(options: {
  branchId: number;
  orders: readonly PlacedOrder[] | undefined;
  /** The board's orders are a fresh read (not one still on the wire after reconnecting). */
  fresh: boolean;
  connection: Connection;
  onAnswer: (change: StatusChange, order: PlacedOrder) => void;
}) {
  const store = useMemo(() => waitingChanges(options.branchId), [options.branchId]);
  const [restored] = useState(() => restoreWaiting(store, Date.now(), UNDO_MS));
  const ahead = useShownAhead(options.branchId);
  const sender = useSender(options, store, restored.unsent);
  useResendHeld(options, sender.held, {
    clear: sender.clearHeld,
    send: sender.send,
    refuse: sender.refuse,
    done: (orderId) => settled(store, orderId),
  });
  const countdown = useUndoCountdown({
    undoMs: UNDO_MS,
    restored: restored.deferred,
    keep: (deferred) => keepCountdown(store, deferred, UNDO_MS),
    run: sender.run,
    // Leaving the board sends what counts down: the mutation runs on without the screen.
    sendOnLeave: sender.sendQuietly,
    show: (change) => {
      if (SHOWN_AHEAD.includes(change.to)) ahead.show(change);
    },
    putBack: ahead.putBack,
  });
  useKeepShownAhead(options.orders, countdown.deferred, ahead.show);

  return {
    run: sender.run,
    ...countdown,
    pending: pendingTexts(sender.held, countdown.deferred),
    busyIds: sender.busyIds,
    problem: sender.problem,
    clearProblem: () => sender.setProblem(null),
    notice: sender.notice,
    clearNotice: () => sender.setNotice(null),
    recallable: sender.recallable,
    recall: () => {
      if (sender.recallable) sender.run({ order: sender.recallable, to: 'ready' });
    },
  };
}

/**
 * Aceptar and Listo counting down show their cards ahead; a read of the board meanwhile (the
 * socket connecting after a reload, reconnecting) brings the server's copy back: each such card is
 * moved ahead again, as long as its order is still as it was at the tap.
 */
function useKeepShownAhead(
  orders: readonly PlacedOrder[] | undefined,
  deferred: Deferred | null,
  show: (change: StatusChange) => void,
) {
  useEffect(() => {
    for (const change of deferred?.changes ?? []) {
      const now = orders?.find((order) => order.id === change.order.id);
      if (SHOWN_AHEAD.includes(change.to) && now?.status === change.order.status) show(change);
    }
    // `show` is recreated every render; the board's read and what waits are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orders, deferred]);
}

/**
 * Sends changes, one request each, keeping each in the device's outbox until the server has
 * answered it; holds one while there is no connection. Refusals add up (a batch can have several).
 */
function useSender(
  options: Parameters<typeof useBoardActions>[0],
  store: WaitingChanges,
  unsent: readonly KeptOnDevice<StatusChange>[],
) {
  const mutation = useChangeOrderStatus(options.branchId);
  const ahead = useShownAhead(options.branchId);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(() => new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [held, setHeld] = useState<ReadonlyMap<number, Held>>(
    () =>
      new Map(
        unsent.map(({ action, at }) => [action.order.id, { change: action, at, reloaded: true }]),
      ),
  );
  const [recallable, setRecallable] = useState<PlacedOrder | null>(null);
  // What a timer or an answer arriving later must read: the board as it is then.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const refuse = (text: string) => setProblem((current) => (current ? `${current} ${text}` : text));

  const hold = (one: Held) => {
    keepUnsent(store, one.change, one.at);
    setHeld((current) => new Map(current).set(one.change.order.id, one));
  };

  const send = async (change: StatusChange, taken?: Held) => {
    const { order } = change;
    keepUnsent(store, change, taken?.at ?? new Date().toISOString());
    setBusyIds((current) => new Set([...current, order.id]));
    try {
      const answer = await mutation.mutateAsync(change);
      settled(store, order.id);
      if (change.to === 'delivered') setRecallable(answer);
      else setRecallable((current) => (current?.id === order.id ? null : current));
      if (taken) setNotice(sentLateText(change, taken));
      latest.current.onAnswer(change, answer);
    } catch (error) {
      // The connection dropped on the way: keep it, said on the card, until it is back.
      if (connectionLost(error)) return hold(taken ?? { change, at: new Date().toISOString() });
      settled(store, order.id);
      refuse(
        `No pudimos cambiar el pedido #${order.id}. ${error instanceof Error ? error.message : ''}`,
      );
    } finally {
      setBusyIds((current) => new Set([...current].filter((id) => id !== order.id)));
    }
  };

  /** Sends a change now, or holds it while there is no connection. */
  const run = (change: StatusChange) => {
    setProblem(null);
    if (latest.current.connection !== 'live' || !navigator.onLine) {
      // Held, said on the card where the order still is on the server.
      ahead.putBack(change);
      hold({ change, at: new Date().toISOString() });
    } else void send(change);
  };

  return {
    run,
    send: (one: Held) => void send(one.change, one),
    /** Sends without the screen (leaving the board): settled in the outbox, nothing said. */
    sendQuietly: (change: StatusChange) => {
      keepUnsent(store, change, new Date().toISOString());
      mutation.mutateAsync(change).then(
        () => settled(store, change.order.id),
        (error: unknown) => {
          if (!connectionLost(error)) settled(store, change.order.id);
        },
      );
    },
    held,
    clearHeld: () => setHeld(new Map()),
    busyIds,
    problem,
    setProblem,
    refuse,
    notice,
    setNotice,
    recallable,
  };
}

/** "Pedido #12: Aceptado sin conexión a las 12:40, enviado a las 12:43." */
function sentLateText(change: StatusChange, taken: Held) {
  const when = taken.reloaded ? 'antes de recargar la pantalla' : 'sin conexión';
  return `Pedido #${change.order.id}: ${verb(change.to)} ${when} a las ${clockText(taken.at)}, enviado a las ${clockText(new Date().toISOString())}.`;
}

/**
 * Back online with a fresh board: each held change goes if its order is as it was, else it is
 * refused aloud. Never silently either way, except one found after a reload whose order already is
 * where it was going (sent before the reload, its answer lost with the page): that one is done.
 */
function useResendHeld(
  board: { connection: Connection; fresh: boolean; orders: readonly PlacedOrder[] | undefined },
  held: ReadonlyMap<number, Held>,
  to: {
    clear: () => void;
    send: (held: Held) => void;
    refuse: (problem: string) => void;
    /** The device forgets a change it will not send. */
    done: (orderId: number) => void;
  },
) {
  const { connection, fresh, orders } = board;
  useEffect(() => {
    if (connection !== 'live' || !fresh || !orders || held.size === 0) return;
    // On the next tick, as a connection event's handler would: the board read is settled by then.
    const flush = window.setTimeout(() => {
      const waiting = [...held.values()];
      to.clear();
      const refused: string[] = [];
      for (const one of waiting) {
        const { change, at } = one;
        const now = orders.find((order) => order.id === change.order.id);
        if (one.reloaded && now?.status === change.to) to.done(change.order.id);
        else if (!now || now.status !== change.order.status) {
          to.done(change.order.id);
          refused.push(
            `#${change.order.id} (${verb(change.to)} a las ${clockText(at)}; ahora está ${(now?.status_text ?? 'cerrado').toLowerCase()})`,
          );
        } else to.send({ ...one, change: { ...change, order: now } });
      }
      if (refused.length > 0)
        to.refuse(
          `No enviamos lo que se tocó sin conexión porque el pedido cambió mientras tanto: ${refused.join(', ')}.`,
        );
    }, 0);
    return () => window.clearTimeout(flush);
    // `to` is recreated every render; the held changes are what matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection, fresh, orders, held]);
}

/** What each card says about its change still on the way: held while offline, or counting down. */
function pendingTexts(
  held: ReadonlyMap<number, Held>,
  deferred: Deferred | null,
): Map<number, string> {
  const pending = new Map<number, string>();
  for (const [id, { change, at }] of held)
    pending.set(
      id,
      `Pendiente: ${verb(change.to)} a las ${clockText(at)} · se envía al volver la conexión`,
    );
  for (const change of deferred?.changes ?? [])
    pending.set(change.order.id, `${verb(change.to)} en unos segundos (Deshacer abajo)`);
  return pending;
}
