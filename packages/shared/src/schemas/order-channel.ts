import { z } from 'zod';

/**
 * Where an order came from (product.md «Orders taken by phone or at the counter», decision 087):
 * the storefront, or staff placing it for a customer who phoned or walked in. Wire values carry
 * no accents (`telefono`, not `teléfono`): they are keys, as CSV columns and query values; what
 * people read is ORDER_CHANNEL_TEXT.
 */
export const ORDER_CHANNELS = ['web', 'telefono', 'mostrador'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const orderChannelSchema = z.enum(ORDER_CHANNELS);

/** The channels staff place orders through (the storefront's is `web`). */
export const STAFF_ORDER_CHANNELS = ['telefono', 'mostrador'] as const;
export type StaffOrderChannel = (typeof STAFF_ORDER_CHANNELS)[number];

/** What staff and reports show for each channel. */
export const ORDER_CHANNEL_TEXT: Record<OrderChannel, string> = {
  web: 'Web',
  telefono: 'Teléfono',
  mostrador: 'Mostrador',
};
