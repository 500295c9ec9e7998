import type { ConfirmCartPayload, OnlinePayment, PlacedOrder } from '@comanda/shared';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { randomId } from '@/lib/random-id';
import { confirmCart, ConfirmCartTimeout } from '../api/confirm-cart';
import {
  clearPendingOrder,
  endsAttempt,
  placeErrors,
  readPendingOrder,
  savePendingOrder,
  type PlacedErrors,
} from '../lib/checkout-order';

export type PlaceState =
  | { step: 'idle' }
  | { step: 'sending'; resumed: boolean }
  /** No signal: the order is kept and goes out by itself when the connection returns. */
  | { step: 'waiting' }
  | { step: 'failed'; message: string };

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

interface UsePlaceOrderOptions {
  /** Whose session sends (the stored user's email): a pending attempt belongs to one customer. */
  owner: string | undefined;
  /**
   * product.md «States and transitions»: status true → the caller empties the cart and goes to
   * /confirmacion, or, for an order paid online, to the provider's checkout (`payment`).
   */
  onPlaced: (order: PlacedOrder, payment: OnlinePayment | undefined) => void;
  /** status false: the server's Spanish reasons, sorted by the part of the screen they concern. */
  onRefused: (errors: PlacedErrors) => void;
}

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

type Callbacks = Pick<UsePlaceOrderOptions, 'onPlaced' | 'onRefused'>;

/**
 * One attempt to send `payload`: the screen's state meanwhile, then the answer to `callbacks`.
 * Resolves true when there is still no signal and the order must wait for it.
 */
async function attempt(
  payload: ConfirmCartPayload,
  resumed: boolean,
  setState: (state: PlaceState) => void,
  callbacks: RefObject<Callbacks>,
): Promise<boolean> {
  // The socket sends the payload again on each reconnection (confirm-cart.ts): meanwhile the
  // screen says the signal is gone instead of spinning, and blames nobody.
  const lost = () => setState({ step: 'waiting' });
  const back = () => setState({ step: 'sending', resumed: true });
  window.addEventListener('offline', lost);
  window.addEventListener('online', back);
  setState(online() ? { step: 'sending', resumed } : { step: 'waiting' });
  try {
    const answer = await confirmCart(payload);
    const store = storage();
    // "Could not save, try again" keeps the attempt: the next Continuar asks with the same id.
    if (store && endsAttempt(answer)) clearPendingOrder(store);
    setState({ step: 'idle' });
    if (answer.status) callbacks.current.onPlaced(answer.order, answer.payment);
    else callbacks.current.onRefused(placeErrors(answer.errors));
    return false;
  } catch (error) {
    // Still no signal: the order waits for it and then asks again, same id (never twice).
    if (error instanceof ConfirmCartTimeout && !online()) {
      setState({ step: 'waiting' });
      return true;
    }
    // The attempt stays pending: the next Continuar asks about it with the same id.
    setState({
      step: 'failed',
      message:
        error instanceof ConfirmCartTimeout
          ? error.message
          : 'No pudimos enviar tu pedido. Intenta de nuevo.',
    });
    return false;
  } finally {
    window.removeEventListener('offline', lost);
    window.removeEventListener('online', back);
  }
}

/** A reload (or a crash) while an order was on its way: ask again, same payload, same id. */
function useResumePendingOrder(
  owner: string | undefined,
  send: (payload: ConfirmCartPayload, resumed: boolean) => Promise<void>,
) {
  useEffect(() => {
    const store = storage();
    const pending = store ? readPendingOrder(store, owner) : null;
    if (!pending) return;
    // After this render, not during it; a StrictMode remount cancels the first one.
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) void send(pending.payload, true);
    });
    return () => {
      cancelled = true;
    };
  }, [owner, send]);
}

/**
 * Sends the order, one attempt at a time: `place(build)` is ignored while an attempt is in
 * flight, so a double click places one order. The attempt's `client_order_id` is kept in this
 * tab (sessionStorage) until an answer arrives, so a retry after a timeout, or a reload
 * mid-send, asks the server about the same order instead of placing a second one. On mount, an
 * unanswered attempt of this customer is sent again exactly as it was.
 */
export function usePlaceOrder({ owner, onPlaced, onRefused }: UsePlaceOrderOptions) {
  const [state, setState] = useState<PlaceState>({ step: 'idle' });
  // A ref, not state: two clicks in one frame both see the first one's claim.
  const inFlight = useRef(false);
  const callbacks = useRef<Callbacks>({ onPlaced, onRefused });
  useEffect(() => {
    callbacks.current = { onPlaced, onRefused };
  });

  const sendRef = useRef<(payload: ConfirmCartPayload, resumed: boolean) => Promise<void>>(null);
  const send = useCallback(async (payload: ConfirmCartPayload, resumed: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const waitForSignal = await attempt(payload, resumed, setState, callbacks).finally(() => {
      inFlight.current = false;
    });
    if (waitForSignal)
      window.addEventListener('online', () => void sendRef.current?.(payload, true), {
        once: true,
      });
  }, []);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  /** Builds the payload with this attempt's id (a fresh one, or the unanswered one's) and sends it. */
  const place = useCallback(
    (build: (clientOrderId: string) => ConfirmCartPayload) => {
      if (inFlight.current || !owner) return;
      const store = storage();
      const pending = store ? readPendingOrder(store, owner) : null;
      const payload = build(pending?.payload.client_order_id ?? randomId());
      if (store) savePendingOrder(store, { owner, payload });
      void send(payload, false);
    },
    [owner, send],
  );

  useResumePendingOrder(owner, send);

  return {
    state,
    place,
    sending: state.step === 'sending' || state.step === 'waiting',
    isBusy: () => inFlight.current || state.step === 'waiting',
  };
}
