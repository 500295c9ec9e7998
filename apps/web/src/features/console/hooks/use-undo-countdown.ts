import { useEffect, useRef, useState } from 'react';
import type { StatusChange } from '../api/change-order-status';
import type { Deferred } from '../lib/waiting-changes';

/**
 * The change (or the batch of Aceptar seleccionados) counting down its Deshacer: `run` for each
 * when the time is up, or at once when another one comes; `sendOnLeave` when the board goes away
 * first. `show` puts each on this board meanwhile, `putBack` undoes that. `keep` writes what
 * counts down to the device, so a reload finds it (`restored`: what is left of its window).
 */
export function useUndoCountdown(to: {
  undoMs: number;
  restored: Deferred | null;
  keep: (deferred: Deferred | null) => void;
  run: (change: StatusChange) => void;
  sendOnLeave: (change: StatusChange) => void;
  show: (change: StatusChange) => void;
  putBack: (change: StatusChange) => void;
}) {
  const [deferred, setDeferredState] = useState<Deferred | null>(to.restored);
  const timer = useRef<number | undefined>(undefined);
  // What counts down, also in a ref: leaving the board sends it from the cleanup.
  const deferredRef = useRef<Deferred | null>(to.restored);
  const setDeferred = (next: Deferred | null) => {
    deferredRef.current = next;
    setDeferredState(next);
    to.keep(next);
  };

  const start = (next: Deferred) => {
    setDeferred(next);
    timer.current = window.setTimeout(
      () => {
        setDeferred(null);
        next.changes.forEach(to.run);
      },
      Math.max(0, next.endsAt - Date.now()),
    );
  };

  /** Sends what counts down now (another one came): never lost. */
  const flush = () => {
    window.clearTimeout(timer.current);
    const current = deferredRef.current;
    setDeferred(null);
    current?.changes.forEach(to.run);
  };

  /** Aceptar (one or several), Listo, Rechazar or Cancelar: Deshacer, then sent (or held, offline). */
  const defer = (change: StatusChange | readonly StatusChange[]) => {
    const changes = Array.isArray(change) ? [...change] : [change as StatusChange];
    flush();
    changes.forEach(to.show);
    start({ changes, endsAt: Date.now() + to.undoMs });
  };

  const undo = () => {
    window.clearTimeout(timer.current);
    const current = deferredRef.current;
    setDeferred(null);
    current?.changes.forEach(to.putBack);
  };

  useEffect(
    () => {
      // A batch a reload found still inside its window counts down what is left of it.
      const restored = deferredRef.current;
      if (restored) start(restored);
      return () => {
        window.clearTimeout(timer.current);
        const current = deferredRef.current;
        deferredRef.current = null;
        to.keep(null);
        current?.changes.forEach(to.sendOnLeave);
      };
    },
    // Once, on opening and on leaving: what it sends with is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return { defer, undo, deferred };
}
