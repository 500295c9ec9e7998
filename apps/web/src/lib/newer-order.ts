import type { PlacedOrder } from '@comanda/shared';

/**
 * Of two copies of one order, the newer. Events and reads cross on the wire (a status event can
 * arrive before the answer to a read that started earlier), and an order's history only grows:
 * a copy with a shorter history never replaces one with a longer history.
 */
export function newerOrder(current: PlacedOrder | undefined, incoming: PlacedOrder): PlacedOrder {
  return current && current.history.length > incoming.history.length ? current : incoming;
}
