import type {
  ConfirmCartAnswer,
  ConfirmCartPayload,
  OnlinePayment,
  PlacedOrder,
} from '@comanda/shared';
import { clearPendingOrder, endsAttempt, placeErrors, type PlacedErrors } from './checkout-order';

export type PlaceState =
  | { step: 'idle' }
  | { step: 'sending'; resumed: boolean }
  /** No signal: the order is kept and goes out by itself when the connection returns. */
  | { step: 'waiting' }
  | { step: 'failed'; message: string };

/** The device's signal as the browser tells it: whether it is online, and when that changes. */
export interface DeviceSignal {
  online(): boolean;
  on(event: 'online' | 'offline', listener: () => void): () => void;
}

export interface AttemptDeps {
  /** Sends the payload and resolves with its answer (confirm-cart.ts over the socket). */
  confirm: (payload: ConfirmCartPayload) => Promise<ConfirmCartAnswer>;
  /** What a rejection that is not «no signal» says (the timeout's own message). */
  failure: (error: unknown) => string;
  signal: DeviceSignal;
  /** The tab's storage of the pending attempt (sessionStorage), when there is one. */
  store: Pick<Storage, 'removeItem'> | null;
  setState: (state: PlaceState) => void;
  onPlaced: (order: PlacedOrder, payment: OnlinePayment | undefined) => void;
  onRefused: (errors: PlacedErrors) => void;
}

/**
 * How an attempt ended: answered (or failed for good: `done`); queued until the signal returns
 * (`wait`); or to be sent again at once, same id (`again`: the signal went and came back while
 * no answer came).
 */
export type AttemptEnd = 'done' | 'wait' | 'again';

/**
 * One attempt to send `payload`. An order placed without signal is queued, whatever fails
 * meanwhile and whenever it fails (the timeout, the socket's code not on the phone): whether the
 * device was offline is read from the browser's signal at the start and from its `offline` event,
 * never from when the failure happens to arrive.
 */
export async function attemptPlacement(
  payload: ConfirmCartPayload,
  resumed: boolean,
  deps: AttemptDeps,
): Promise<AttemptEnd> {
  const { signal, setState } = deps;
  let offlineSeen = !signal.online();
  // The socket sends the payload again on each reconnection (confirm-cart.ts): meanwhile the
  // screen says the signal is gone instead of spinning, and blames nobody.
  const stops = [
    signal.on('offline', () => {
      offlineSeen = true;
      setState({ step: 'waiting' });
    }),
    signal.on('online', () => setState({ step: 'sending', resumed: true })),
  ];
  setState(offlineSeen ? { step: 'waiting' } : { step: 'sending', resumed });
  try {
    const answer = await deps.confirm(payload);
    // "Could not save, try again" keeps the attempt: the next Continuar asks with the same id.
    if (deps.store && endsAttempt(answer)) clearPendingOrder(deps.store);
    setState({ step: 'idle' });
    if (answer.status) deps.onPlaced(answer.order, answer.payment);
    else deps.onRefused(placeErrors(answer.errors));
    return 'done';
  } catch (error) {
    // Still no signal: the order waits for it and then asks again, same id (never twice).
    if (!signal.online()) {
      setState({ step: 'waiting' });
      return 'wait';
    }
    // The signal went and is back: ask again now, same id, rather than blame the customer.
    if (offlineSeen) return 'again';
    // The attempt stays pending: the next Continuar asks about it with the same id.
    setState({ step: 'failed', message: deps.failure(error) });
    return 'done';
  } finally {
    for (const stop of stops) stop();
  }
}
