import { chainClock, type PlacedOrder } from '@comanda/shared';

type CourierOrder = Pick<PlacedOrder, 'status' | 'courier' | 'arrival'>;

/** "Andrés va en camino": who carries it, from En camino on (the courier's first name only). */
export function courierText(order: CourierOrder): string | null {
  return order.status === 'on_the_way' && order.courier
    ? `${order.courier.name} va en camino`
    : null;
}

/**
 * "Llega entre 20:41 y 20:49" on the chain's clock: the arrival the courier's position moves, from
 * En camino until it is delivered ("Llega a las 20:45" when both ends are the same minute).
 */
export function arrivalText(order: CourierOrder): string | null {
  if (order.status !== 'on_the_way' || !order.arrival) return null;
  const from = chainClock(new Date(order.arrival.from));
  const to = chainClock(new Date(order.arrival.to));
  return from === to ? `Llega a las ${from}` : `Llega entre ${from} y ${to}`;
}
