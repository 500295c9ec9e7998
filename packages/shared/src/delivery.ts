import { DELIVERY } from './constants';

/** The values the storefront stores as `delivery` (product.md «Entities»). */
export type StoredDelivery = (typeof DELIVERY)[keyof typeof DELIVERY];

/**
 * Whether an order is a delivery order, the one rule the storefront and the server share.
 * `type_delivery` is the order type chosen explicitly (1 Recoger, 2 Domicilio) and, when present,
 * decides. Without it the stored `delivery` decides: `'domicilio'` (chosen on the landing) and 1
 * (the header's delivery) are deliveries; `'delivery-takeout'` and 2 (a pickup branch chosen) are
 * not, and neither is nothing at all.
 */
export function isDeliveryOrder(choice: {
  type_delivery?: 1 | 2 | null | undefined;
  delivery?: StoredDelivery | null | undefined;
}): boolean {
  if (choice.type_delivery === 2) return true;
  if (choice.type_delivery === 1) return false;
  return choice.delivery === DELIVERY.delivery || choice.delivery === DELIVERY.headerDelivery;
}

/** The span of an estimate: the kitchen's own variation, plus the trip's when there is one. */
export const ESTIMATE_SPREAD_MINUTES = { kitchen: 10, trip: 5 } as const;
/** Estimates are said in steps of this many minutes ("35–50 min", never "37–52 min"). */
export const ESTIMATE_STEP_MINUTES = 5;

/**
 * The time the customer is told before ordering, as `[min, max]` minutes from now (decision 029).
 * `min` is the branch's usual preparation time plus its current rush ("Alta demanda") minutes plus
 * the zone's delivery minutes (0 for pickup), rounded up to the next 5: we never promise faster
 * than the sum. `max` adds 10 minutes (the kitchen's variation) and 5 more when there is a trip.
 * Every figure is read as a whole number of minutes ≥ 0; anything else counts as 0.
 */
export function deliveryEstimate(parts: {
  prep_minutes: number;
  rush_minutes: number;
  zone_minutes: number;
}): [number, number] {
  const whole = (value: number) => (Number.isFinite(value) && value > 0 ? Math.round(value) : 0);
  const sum = whole(parts.prep_minutes) + whole(parts.rush_minutes) + whole(parts.zone_minutes);
  const min = Math.ceil(sum / ESTIMATE_STEP_MINUTES) * ESTIMATE_STEP_MINUTES;
  const spread =
    ESTIMATE_SPREAD_MINUTES.kitchen +
    (whole(parts.zone_minutes) > 0 ? ESTIMATE_SPREAD_MINUTES.trip : 0);
  return [min, min + spread];
}
