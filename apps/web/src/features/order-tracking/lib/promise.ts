import {
  describeChainTime,
  PROMISING_STATUSES,
  REASONED_STOPS,
  SCHEDULE_MESSAGES,
  statusIn,
  type PlacedOrder,
} from '@comanda/shared';

type PromiseOrder = Pick<PlacedOrder, 'status' | 'type_delivery' | 'promised_at'>;

/**
 * The time the branch promised on accepting, as the customer reads it on the chain's clock:
 * "Listo aprox. a las 12:45" for pickup, "Llega aprox. a las 13:10" for delivery (the branch
 * counts the ride in the minutes it promises). Null before acceptance, once a pickup order is
 * ready (the status says more) and once it is over.
 */
export function promiseText(order: PromiseOrder, now: Date): string | null {
  if (!order.promised_at || !statusIn(PROMISING_STATUSES, order.status)) return null;
  const delivery = order.type_delivery === 2;
  if (!delivery && order.status === 'ready') return null;
  return `${delivery ? 'Llega aprox.' : 'Listo aprox.'} ${describeChainTime(new Date(order.promised_at), now)}`;
}

/**
 * A pickup order the branch marked ready, as its page says it first and large: what the customer
 * came to the page for (product.md «Order tracking»). Null for any other order: a delivery's
 * ready is the branch's business until it leaves, and its promise says when it arrives.
 */
export function readyCallout(
  order: Pick<PlacedOrder, 'status' | 'type_delivery' | 'branch_office'>,
): { title: string; text: string } | null {
  if (order.status !== 'ready' || order.type_delivery !== 1) return null;
  return {
    title: '¡Tu pedido está listo!',
    text: `Ya puedes recogerlo en ${order.branch_office.title}: ${order.branch_office.address}.`,
  };
}

type StoppedOrder = Pick<PlacedOrder, 'status' | 'reject_reason'>;

/**
 * Whether the customer cancelled the order themselves (product.md «Order ahead», Cancel): their
 * cancel stores its one reason, `Cancelado por el cliente` (the order answer's `reject_reason`).
 * Staff cancel with the console's reasons; one typing that very sentence says the same thing.
 */
export function cancelledByCustomer(order: StoppedOrder): boolean {
  return order.status === 'cancelled' && order.reject_reason === SCHEDULE_MESSAGES.cancelled;
}

/**
 * Who stopped the order, as its page says it: the branch that rejected it or cancelled it with a
 * reason, or the customer (`Cancelaste tu pedido.`). Null for any other order.
 */
export function stopTitle(order: StoppedOrder): string | null {
  if (order.status === 'rejected') return 'La sede no pudo aceptar tu pedido.';
  if (cancelledByCustomer(order)) return 'Cancelaste tu pedido.';
  return order.status === 'cancelled' && order.reject_reason ? 'La sede canceló tu pedido.' : null;
}

/**
 * "Motivo: Cocina saturada" for a rejected (or cancelled by the branch) order that says why;
 * none for the customer's own cancel, whose reason is only that they cancelled.
 */
export function rejectionText(order: StoppedOrder): string | null {
  return statusIn(REASONED_STOPS, order.status) &&
    order.reject_reason &&
    !cancelledByCustomer(order)
    ? `Motivo: ${order.reject_reason}`
    : null;
}
