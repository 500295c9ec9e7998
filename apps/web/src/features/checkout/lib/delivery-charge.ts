import {
  deliveryCharge,
  DELIVERY_ZONE_MESSAGES,
  zoneFor,
  type Address,
  type Branch,
  type BranchZone,
} from '@comanda/shared';

export interface CheckoutDeliveryCharge {
  /** The zone's name as the branch spells it. */
  zone: string;
  fee: number;
  /** "Pedido mínimo para La Campiña: $30.000."; null when the zone has no minimum. */
  minimum: string | null;
  /** The refusal the server would give (the same words), or null when the order reaches the minimum. */
  problem: string | null;
  /** The products plus the fee: what the customer pays. */
  total: number;
}

/**
 * What delivering to `address` from `branch` adds and requires, with the shared rule placement
 * enforces; null for pickup, no address yet, or an address no zone reaches (coverage says so).
 */
export function checkoutDeliveryCharge(
  branch: Pick<Branch, 'delivery'> | null,
  address: Pick<Address, 'neighbourhood'> | undefined,
  subtotal: number,
): CheckoutDeliveryCharge | null {
  if (!branch || !address || !branch.delivery.available) return null;
  // A branch stored on the device before zones carried fees has none: no charge until the fresh list arrives.
  const zones: readonly BranchZone[] | undefined = branch.delivery.zones;
  const zone = zoneFor(zones ?? [], address.neighbourhood);
  if (!zone) return null;
  const charge = deliveryCharge(zone, subtotal);
  return {
    zone: zone.neighbourhood,
    fee: zone.fee,
    minimum:
      zone.min_order > 0
        ? DELIVERY_ZONE_MESSAGES.minimum(zone.neighbourhood, zone.min_order)
        : null,
    problem: charge.problem,
    total: charge.total,
  };
}
