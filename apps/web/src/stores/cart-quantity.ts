import { lineTotal } from '@comanda/shared';
import type { StoreApi } from 'zustand/vanilla';
import type { SessionState } from './session-state';
import { useSession } from './session-store';

/**
 * product.md «States and transitions»: the cart screen changes a line's quantity (the line is
 * priced again), and 0 removes the line. Not one of the store's actions: pricing a line is the
 * cart screen's work, never the first screen's, so the shared pricing loads with /carrito instead
 * of on every first load (decision 066). `store`: the tab's, or a test's own.
 */
export function setQuantity(
  cartId: string,
  quantity: number,
  store: Pick<StoreApi<SessionState>, 'setState'> = useSession,
): void {
  store.setState((state) => ({
    cart:
      quantity <= 0
        ? state.cart.filter((line) => line._id !== cartId)
        : state.cart.map((line) =>
            line._id === cartId ? { ...line, quantity, total: lineTotal(line, quantity) } : line,
          ),
  }));
}
