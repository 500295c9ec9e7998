import { deliveryCharge, zoneFor } from '@comanda/shared';
import type { ZoneRule } from '../types';

/** `total`: the products plus the fee, by the shared rule (`deliveryCharge`). */
export type DeliveryCharge =
  { fee: number; total: number; problem: null } | { fee: 0; total: number; problem: string };

/**
 * What a delivery order is charged on top of its products, or why it is refused: the fee of the
 * address's zone, and the zone's minimum on the products' total (`subtotal`, before the fee).
 * Pickup orders and zones without fee or minimum charge nothing. Pure: the zones come from the
 * caller's cached read, so it costs the placement hot path no query. The words are the shared
 * ones the storefront's checkout shows before sending.
 */
export function chargeForDelivery(
  zones: readonly ZoneRule[],
  neighbourhood: string | null,
  subtotal: number,
): DeliveryCharge {
  // Coverage was checked before with the same folding: a miss here means no zone, no charge.
  const zone = neighbourhood === null ? undefined : zoneFor(zones, neighbourhood);
  if (!zone) return { fee: 0, total: subtotal, problem: null };
  const charge = deliveryCharge(zone, subtotal);
  return charge.problem
    ? { fee: 0, total: subtotal, problem: charge.problem }
    : { fee: charge.fee, total: charge.total, problem: null };
}
