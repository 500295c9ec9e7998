/**
 * A unique id for a cart line (spec §3 `_id`). `crypto.randomUUID` exists only in secure
 * contexts; a shop opened over plain HTTP on a LAN address must still be able to add to the cart.
 */
export function newCartId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
