import { chainClock, type CurrentTrip, type Shift, type Trip } from '@comanda/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { connectionLost, heldActions, sendHeld, type Held } from '@/lib/held-actions';
import { departTrip } from '../api/depart-trip';
import { currentTripQueryKey, currentTripQueryOptions } from '../api/get-current-trip';
import { markDelivered } from '../api/mark-delivered';
import { markFailed } from '../api/mark-failed';
import { setShift } from '../api/set-shift';
import {
  actionText,
  alreadyDone,
  isCourierAction,
  type CourierAction,
} from '../lib/courier-action';
import { withTrip } from './use-courier-realtime';

/** The phone's held actions (lib/held-actions): kept on the device, sent once the signal is back. */
const held = heldActions('comanda:courier-held', isCourierAction);

const clock = (iso: string) => chainClock(new Date(iso));

/** Sends one action and puts its answer on the screen. */
async function perform(queryClient: QueryClient, action: CourierAction): Promise<void> {
  const put = (change: (current: CurrentTrip) => CurrentTrip) =>
    queryClient.setQueryData<CurrentTrip>(currentTripQueryKey, (current) =>
      current ? change(current) : current,
    );
  if (action.kind === 'shift') {
    const shift: Shift = await setShift(
      action.branch_id === undefined
        ? { on: action.on }
        : { on: action.on, branch_id: action.branch_id },
    );
    put((current) => ({ ...current, shift }));
    return;
  }
  const trip: Trip =
    action.kind === 'depart'
      ? await departTrip(action.trip_id)
      : action.kind === 'delivered'
        ? await markDelivered(action.order_id)
        : await markFailed(action.order_id, action.reason);
  put((current) => withTrip(current, trip)!);
}

/**
 * What the courier's taps do: sent at once with a signal; without one held on the phone (the
 * screen shows them done, "sin enviar"), then sent once each, in order, when the signal is back.
 * A held one the server refuses because it already happened (a 409 for a state already reached)
 * is done; any other refusal is shown as the server says it.
 */
export function useCourierActions(
  live: boolean,
  /** When the server last answered the trip's read (ms): it can be reached, held taps may go. */
  heardAt: number,
) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Held<CourierAction>[]>(held.read);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const flushing = useRef(false);

  const hold = (action: CourierAction) => {
    held.hold(action, new Date().toISOString());
    setPending(held.read());
  };

  const settle = async ({ action, at }: Held<CourierAction>, error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      const now = await queryClient.fetchQuery({ ...currentTripQueryOptions(), staleTime: 0 });
      if (alreadyDone(action, now)) return;
    }
    setProblem(
      `${actionText(action)} (sin señal a las ${clock(at)}): ${error instanceof Error ? error.message : ''}`,
    );
  };

  const flush = useCallback(async () => {
    if (flushing.current || held.read().length === 0) return;
    flushing.current = true;
    const sent = held.read();
    try {
      const empty = await sendHeld(held, ({ action }) => perform(queryClient, action), settle);
      if (empty)
        setNotice(
          `Enviado al volver la señal: ${sent.map(({ action, at }) => `${actionText(action)} (${clock(at)})`).join(', ')}.`,
        );
    } finally {
      flushing.current = false;
      setPending(held.read());
      void queryClient.invalidateQueries({ queryKey: currentTripQueryKey });
    }
    // `settle` reads only stable things (the query client, state setters).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);

  // Back online (the browser says so, the socket is live again, or the server answered a read:
  // a request can drop while the socket stays up), and on opening the screen.
  useEffect(() => {
    if (live) void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [live, heardAt, flush]);

  const run = (action: CourierAction) => {
    setProblem(null);
    setNotice(null);
    // Behind what is already held: the server must hear them in the order they were tapped.
    if (!navigator.onLine || held.read().length > 0) {
      hold(action);
      return;
    }
    setBusy(true);
    perform(queryClient, action)
      .catch((error: unknown) => {
        if (connectionLost(error)) hold(action);
        else setProblem(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setBusy(false));
  };

  return {
    run,
    pending,
    busy,
    problem,
    clearProblem: () => setProblem(null),
    notice,
    clearNotice: () => setNotice(null),
  };
}
