type RandomSource = Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>>;

/**
 * An unguessable id made on the device (a cart line's `_id`, an order's `client_order_id`).
 * `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost): a shop opened over plain
 * HTTP on a LAN address still gets 128 random bits from getRandomValues.
 */
export function randomId(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
