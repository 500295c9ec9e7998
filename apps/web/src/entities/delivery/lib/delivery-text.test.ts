import { describe, expect, it } from 'vitest';
import { deliveryLine, minutesRange, pickupLine } from './delivery-text';

describe('delivery texts', () => {
  it('says fee, minimum and estimate of a delivery in one line', () => {
    expect(deliveryLine({ fee: 5000, min_order: 30000, eta_min: 35, eta_max: 50 }, 'Mazurén')).toBe(
      'Domicilio a Mazurén · $5.000 · mínimo $30.000 · llega en 35–50 min',
    );
    expect(deliveryLine({ fee: 0, min_order: 0, eta_min: 40, eta_max: 40 }, 'Cedritos')).toBe(
      'Domicilio a Cedritos · envío gratis · sin mínimo · llega en 40 min',
    );
  });

  it('says where and when a pickup is ready', () => {
    expect(pickupLine('Campiña', [20, 30])).toBe('Recoger en Campiña · listo en 20–30 min');
    expect(pickupLine('Campiña', null)).toBe('Recoger en Campiña');
    expect(minutesRange(15, 15)).toBe('15 min');
  });
});
