import {
  SOCKET_EVENTS,
  SOCKET_RECONNECT,
  type ConfirmCartAnswer,
  type ConfirmCartPayload,
} from '@comanda/shared';
import { isConfirmCartAnswer } from '../lib/checkout-order';

/** No answer came in time: the order may or may not be stored; retry with the same id to know. */
export class ConfirmCartTimeout extends Error {
  override readonly name = 'ConfirmCartTimeout';
  constructor() {
    super(
      'No tuvimos respuesta a tiempo. Revisa tu conexión y vuelve a intentarlo: tu pedido no se duplicará.',
    );
  }
}

/**
 * product.md «confirm-cart» over the app's socket: emits the payload and resolves with the
 * `confirm-cart` answer for its `client_order_id`. The payload goes out once on the live
 * connection and, if that connection drops before the answer, once more on each reconnection,
 * identical, same id: the server answers a repeated id with the order it already stored, never
 * a second one (product.md «Placing an order»). Rejects with ConfirmCartTimeout when nothing comes back in time.
 */
export async function confirmCart(
  payload: ConfirmCartPayload,
  timeoutMs: number = SOCKET_RECONNECT.timeout,
): Promise<ConfirmCartAnswer> {
  // Imported when used, never statically: the app loads it at start for a logged-in customer,
  // and a static import from a screen changes how the bundler splits the first load's code.
  const { emitNow, onSocketConnect, onSocketEvent } = await import('@/lib/socket');
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = [];
    const timer = setTimeout(() => {
      finish();
      reject(new ConfirmCartTimeout());
    }, timeoutMs);
    function finish() {
      clearTimeout(timer);
      for (const stop of stops) stop();
    }
    const send = () => emitNow(SOCKET_EVENTS.confirmCart, payload);

    stops.push(
      onSocketEvent(SOCKET_EVENTS.confirmCart, (answer) => {
        if (!isConfirmCartAnswer(answer)) return;
        // A refusal the server could not tie to a payload comes without an id. Answers go to
        // this socket only, and this tab sends one order at a time: it is this one.
        if (answer.client_order_id !== null && answer.client_order_id !== payload.client_order_id)
          return;
        finish();
        resolve(answer);
      }),
      // Every new connection (the first one, if the socket is still connecting) sends it again.
      onSocketConnect(() => void send()),
    );
    send();
  });
}
