import type { CartItem } from '@/stores/session-store';

/** The cart's distinct product slugs, in cart order. */
export function distinctSlugs(cart: readonly Pick<CartItem, 'slug'>[]): string[] {
  return [...new Set(cart.map((line) => line.slug))];
}
