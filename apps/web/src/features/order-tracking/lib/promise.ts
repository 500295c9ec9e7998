import {
  describeChainTime,
  PROMISING_STATUSES,
  REASONED_STOPS,
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

/** "Motivo: Cocina saturada" for a rejected (or cancelled by the branch) order that says why. */
export function rejectionText(order: Pick<PlacedOrder, 'status' | 'reject_reason'>): string | null {
  return statusIn(REASONED_STOPS, order.status) && order.reject_reason
    ? `Motivo: ${order.reject_reason}`
    : null;
}
