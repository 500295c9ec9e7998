import type { OrderKey } from '../types';

/** An order's idempotency key as one string, `user_id:client_order_id`: a map's key, a look-up's. */
export const orderKey = (key: OrderKey) => `${key.user_id}:${key.client_order_id}`;
