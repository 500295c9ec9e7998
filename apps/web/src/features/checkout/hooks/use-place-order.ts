import type { ConfirmCartPayload, OnlinePayment, PlacedOrder } from '@comanda/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { randomId } from '@/lib/random-id';
import { confirmCart, ConfirmCartTimeout } from '../api/confirm-cart';
import { readPendingOrder, savePendingOrder, type PlacedErrors } from '../lib/checkout-order';
import { attemptPlacement, type DeviceSignal, type PlaceState } from '../lib/place-attempt';

export type { PlaceState } from '../lib/place-attempt';

/** The browser's signal: `navigator.onLine` and the window's online and offline events. */
const browserSignal: DeviceSignal = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  on: (event, listener) => {
    window.addEventListener(event, listener);
    return () => window.removeEventListener(event, listener);
  },
};

const failure = (error: unknown) =>
  error instanceof ConfirmCartTimeout
    ? error.message
    : 'No pudimos enviar tu pedido. Intenta de nuevo.';

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
    const end = await attemptPlacement(payload, resumed, {
      confirm: (sent) => confirmCart(sent),
      failure,
      signal: browserSignal,
      store: storage(),
      setState,
      onPlaced: (order, payment) => callbacks.current.onPlaced(order, payment),
      onRefused: (errors) => callbacks.current.onRefused(errors),
    }).finally(() => {
      inFlight.current = false;
    });
    if (end === 'again') void sendRef.current?.(payload, true);
    else if (end === 'wait')
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
