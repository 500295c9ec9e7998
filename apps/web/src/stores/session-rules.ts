import type { Branch } from '@comanda/shared';
import type { CartItem, Delivery } from './session-store';

/**
 * product.md «Header title»: the stored branch's title, else what to choose, `Elige sede` (also
 * for delivery 1, which names no branch).
 */
export function headerTitle(session: {
  delivery: Delivery | null;
  branch: Pick<Branch, 'title'> | null;
}): string {
  return (session.delivery !== 1 && session.branch?.title.trim()) || 'Elige sede';
}

/** The number of products in the cart, counting each line's quantity. */
export function cartCount(cart: readonly Pick<CartItem, 'quantity'>[]): number {
  return cart.reduce(
    (sum, line) => sum + (Number.isFinite(line.quantity) && line.quantity > 0 ? line.quantity : 0),
    0,
  );
}

/** Spanish count for the cart link: "Ver carrito, 1 producto" / "Ver carrito, 3 productos". */
export function cartLinkLabel(count: number): string {
  return `Ver carrito, ${count} ${count === 1 ? 'producto' : 'productos'}`;
}

/**
 * Whether the storefront shows something the socket keeps live (decision 096): a chosen branch
 * (its products' availability, its pause), a logged-in customer (their orders' progress, a revoked
 * session) or a cart (re-checked when a product it holds sells out). A first-time visitor who has
 * chosen nothing shows none of these: the menu's face changes only with a back-office edit.
 */
export function showsSomethingLive(session: {
  loggedIn: boolean;
  branch: unknown;
  cart: readonly unknown[];
}): boolean {
  return session.loggedIn || session.branch !== null || session.cart.length > 0;
}
