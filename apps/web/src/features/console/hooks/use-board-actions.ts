import { ORDER_STATUS_TEXT, type PlacedOrder } from '@comanda/shared';
import { useEffect, useRef, useState } from 'react';
import { useChangeOrderStatus, useShownAhead, type StatusChange } from '../api/change-order-status';
import type { Connection } from './use-panel-realtime';
import { clockText } from '../lib/order-text';
import { ApiError } from '@/lib/api-client';

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

/** A change taken while the board had no connection: sent, or refused, once it is back. */
interface Held {
  change: StatusChange;
  /** When the finger tapped it (ISO). */
  at: string;
}

/** A change counting down its Deshacer. */
export interface Deferred {
  change: StatusChange;
  endsAt: number;
}

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
 * What the board does with a tap, beyond sending it: Aceptar, Listo, Rechazar and Cancelar wait
 * UNDO_MS for "Deshacer" (one at a time: the next one sends the one waiting); a change taken without a connection waits, said on its card, and once the
 * connection is back it is sent with the time it was taken stated, or refused when the order
 * changed meanwhile (another screen answered it, the customer cancelled); the last order bumped
 * to "Entregado" here can be recalled to "Listo".
 */
export function useBoardActions(options: {
  branchId: number;
  orders: readonly PlacedOrder[] | undefined;
  /** The board's orders are a fresh read (not one still on the wire after reconnecting). */
  fresh: boolean;
  connection: Connection;
  onAnswer: (change: StatusChange, order: PlacedOrder) => void;
}) {
  const mutation = useChangeOrderStatus(options.branchId);
  const ahead = useShownAhead(options.branchId);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(() => new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [held, setHeld] = useState<ReadonlyMap<number, Held>>(() => new Map());
  const [recallable, setRecallable] = useState<PlacedOrder | null>(null);
  // What a timer or an answer arriving later must read: the board as it is then.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const send = async (change: StatusChange, takenAt?: string) => {
    const { order } = change;
    setBusyIds((current) => new Set([...current, order.id]));
    try {
      const answer = await mutation.mutateAsync(change);
      if (change.to === 'delivered') setRecallable(answer);
      else if (recallable?.id === order.id) setRecallable(null);
      if (takenAt)
        setNotice(
          `Pedido #${order.id}: ${verb(change.to)} sin conexión a las ${clockText(takenAt)}, enviado a las ${clockText(new Date().toISOString())}.`,
        );
      latest.current.onAnswer(change, answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        // The connection dropped on the way: keep it, said on the card, until it is back.
        hold(change, takenAt ?? new Date().toISOString());
        return;
      }
      setProblem(
        `No pudimos cambiar el pedido #${order.id}. ${error instanceof Error ? error.message : ''}`,
      );
    } finally {
      setBusyIds((current) => new Set([...current].filter((id) => id !== order.id)));
    }
  };

  const hold = (change: StatusChange, at: string) =>
    setHeld((current) => new Map(current).set(change.order.id, { change, at }));

  /** Sends a change now, or holds it while there is no connection. */
  const run = (change: StatusChange) => {
    setProblem(null);
    if (latest.current.connection !== 'live' || !navigator.onLine) {
      // Held, said on the card where the order still is on the server.
      ahead.putBack(change);
      hold(change, new Date().toISOString());
    } else void send(change);
  };

  useResendHeld(options, held, {
    clear: () => setHeld(new Map()),
    send: (change, at) => void send(change, at),
    refuse: setProblem,
  });
  // Leaving the board sends the change counting down: the mutation runs on without the screen,
  // its cache updates still apply.
  const countdown = useUndoCountdown({
    run,
    sendOnLeave: (change) => void mutation.mutateAsync(change).catch(() => undefined),
    show: (change) => {
      if (SHOWN_AHEAD.includes(change.to)) ahead.show(change);
    },
    putBack: ahead.putBack,
  });

  return {
    run,
    ...countdown,
    pending: pendingTexts(held, countdown.deferred),
    busyIds,
    problem,
    clearProblem: () => setProblem(null),
    notice,
    clearNotice: () => setNotice(null),
    recallable,
    recall: () => {
      if (recallable) run({ order: recallable, to: 'ready' });
    },
  };
}

/**
 * Back online with a fresh board: each held change goes if its order is as it was, else it is
 * refused aloud. Never silently either way.
 */
function useResendHeld(
  board: { connection: Connection; fresh: boolean; orders: readonly PlacedOrder[] | undefined },
  held: ReadonlyMap<number, Held>,
  to: {
    clear: () => void;
    send: (change: StatusChange, at: string) => void;
    refuse: (problem: string) => void;
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
      for (const { change, at } of waiting) {
        const now = orders.find((order) => order.id === change.order.id);
        if (!now || now.status !== change.order.status)
          refused.push(
            `#${change.order.id} (${verb(change.to)} a las ${clockText(at)}; ahora está ${(now?.status_text ?? 'cerrado').toLowerCase()})`,
          );
        else to.send({ ...change, order: now }, at);
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

/**
 * A change counting down its Deshacer: `run` when the time is up, or at once when another one
 * comes; `sendOnLeave` when the board goes away first. `show` puts it on this board meanwhile,
 * `putBack` undoes that.
 */
function useUndoCountdown(to: {
  run: (change: StatusChange) => void;
  sendOnLeave: (change: StatusChange) => void;
  show: (change: StatusChange) => void;
  putBack: (change: StatusChange) => void;
}) {
  const [deferred, setDeferredState] = useState<Deferred | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // The change counting down, also in a ref: leaving the board sends it from the cleanup.
  const deferredRef = useRef<Deferred | null>(null);
  const setDeferred = (next: Deferred | null) => {
    deferredRef.current = next;
    setDeferredState(next);
  };

  /** Sends the change counting down now (another one came): never lost. */
  const flush = () => {
    window.clearTimeout(timer.current);
    const current = deferredRef.current;
    setDeferred(null);
    if (current) to.run(current.change);
  };

  /** Aceptar, Listo, Rechazar or Cancelar: Deshacer for UNDO_MS, then sent (or held, offline). */
  const defer = (change: StatusChange) => {
    flush();
    to.show(change);
    setDeferred({ change, endsAt: Date.now() + UNDO_MS });
    timer.current = window.setTimeout(() => {
      setDeferred(null);
      to.run(change);
    }, UNDO_MS);
  };

  const undo = () => {
    window.clearTimeout(timer.current);
    const current = deferredRef.current;
    setDeferred(null);
    if (current) to.putBack(current.change);
  };

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      const current = deferredRef.current;
      deferredRef.current = null;
      if (current) to.sendOnLeave(current.change);
    },
    // Once, on leaving: what it sends with (`mutation.mutateAsync`) is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return { defer, undo, deferred };
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
  if (deferred)
    pending.set(
      deferred.change.order.id,
      `${verb(deferred.change.to)} en unos segundos (Deshacer abajo)`,
    );
  return pending;
}
