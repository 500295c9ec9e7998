import { describe, expect, it } from 'vitest';
import { deliveryEstimate, isDeliveryOrder } from './delivery';

describe('isDeliveryOrder', () => {
  it('an explicit order type decides, whatever is stored', () => {
    expect(isDeliveryOrder({ type_delivery: 2, delivery: 2 })).toBe(true);
    expect(isDeliveryOrder({ type_delivery: 2, delivery: 'delivery-takeout' })).toBe(true);
    expect(isDeliveryOrder({ type_delivery: 1, delivery: 'domicilio' })).toBe(false);
    expect(isDeliveryOrder({ type_delivery: 1, delivery: 1 })).toBe(false);
  });

  it('without one, the stored delivery decides: "domicilio" and 1 deliver; "delivery-takeout", 2 and nothing do not', () => {
    expect(isDeliveryOrder({ delivery: 'domicilio' })).toBe(true);
    expect(isDeliveryOrder({ delivery: 1 })).toBe(true);
    expect(isDeliveryOrder({ delivery: 'delivery-takeout' })).toBe(false);
    expect(isDeliveryOrder({ delivery: 2 })).toBe(false);
    expect(isDeliveryOrder({ delivery: null })).toBe(false);
    expect(isDeliveryOrder({ type_delivery: null, delivery: 'domicilio' })).toBe(true);
    expect(isDeliveryOrder({})).toBe(false);
  });
});

describe('deliveryEstimate', () => {
  it('pickup: preparation plus rush, rounded up to 5, and 10 minutes more', () => {
    expect(deliveryEstimate({ prep_minutes: 20, rush_minutes: 0, zone_minutes: 0 })).toEqual([
      20, 30,
    ]);
    expect(deliveryEstimate({ prep_minutes: 18, rush_minutes: 0, zone_minutes: 0 })).toEqual([
      20, 30,
    ]);
    expect(deliveryEstimate({ prep_minutes: 20, rush_minutes: 15, zone_minutes: 0 })).toEqual([
      35, 45,
    ]);
  });

  it('delivery: the zone’s minutes on top, and 15 minutes of span for the trip', () => {
    expect(deliveryEstimate({ prep_minutes: 20, rush_minutes: 0, zone_minutes: 15 })).toEqual([
      35, 50,
    ]);
    expect(deliveryEstimate({ prep_minutes: 25, rush_minutes: 10, zone_minutes: 12 })).toEqual([
      50, 65,
    ]);
  });

  it('never promises less than the sum, and reads anything odd as 0 minutes', () => {
    for (const [prep, rush, zone] of [
      [1, 0, 0],
      [7, 3, 11],
      [44, 0, 1],
      [180, 120, 180],
    ] as const) {
      const [min, max] = deliveryEstimate({
        prep_minutes: prep,
        rush_minutes: rush,
        zone_minutes: zone,
      });
      expect(min).toBeGreaterThanOrEqual(prep + rush + zone);
      expect(min - (prep + rush + zone)).toBeLessThan(5);
      expect(min % 5).toBe(0);
      expect(max - min).toBe(zone > 0 ? 15 : 10);
    }
    expect(
      deliveryEstimate({ prep_minutes: Number.NaN, rush_minutes: -5, zone_minutes: Infinity }),
    ).toEqual([0, 10]);
  });
});
