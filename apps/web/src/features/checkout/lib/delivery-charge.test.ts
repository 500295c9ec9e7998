import { DELIVERY_ZONE_MESSAGES } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { checkoutDeliveryCharge } from './delivery-charge';

const branch = {
  delivery: {
    available: true,
    neighbourhoods: ['La Campiña', 'Niza'],
    zones: [
      {
        neighbourhood: 'La Campiña',
        fee: 4000,
        min_order: 30000,
        delivery_minutes: 15,
        eta: [35, 50] as [number, number],
      },
      {
        neighbourhood: 'Niza',
        fee: 0,
        min_order: 0,
        delivery_minutes: 20,
        eta: [40, 55] as [number, number],
      },
    ],
  },
};

describe('checkoutDeliveryCharge', () => {
  it('adds the zone fee to the total and tells the minimum, accents and case aside', () => {
    expect(checkoutDeliveryCharge(branch, { neighbourhood: 'la campina' }, 35000)).toEqual({
      zone: 'La Campiña',
      fee: 4000,
      minimum: 'Pedido mínimo para La Campiña: $30.000.',
      problem: null,
      total: 39000,
    });
  });

  it('under the minimum gives the server refusal, with what is missing (the fee does not count)', () => {
    const charge = checkoutDeliveryCharge(branch, { neighbourhood: 'La Campiña' }, 27000);
    expect(charge?.problem).toBe(DELIVERY_ZONE_MESSAGES.belowMinimum('La Campiña', 30000, 3000));
    expect(charge?.problem).toBe(
      'Pedido mínimo para La Campiña: $30.000. Te faltan $3.000 para poder enviarlo.',
    );
  });

  it('charges nothing for pickup, an address not chosen, or a neighbourhood no zone reaches', () => {
    expect(checkoutDeliveryCharge(branch, undefined, 10000)).toBeNull();
    expect(checkoutDeliveryCharge(null, { neighbourhood: 'Niza' }, 10000)).toBeNull();
    expect(checkoutDeliveryCharge(branch, { neighbourhood: 'Suba' }, 10000)).toBeNull();
    expect(checkoutDeliveryCharge(branch, { neighbourhood: 'Niza' }, 10000)).toMatchObject({
      fee: 0,
      minimum: null,
      problem: null,
      total: 10000,
    });
  });

  it('a branch stored before zones had fees charges nothing instead of failing', () => {
    const stored = {
      delivery: { available: true, neighbourhoods: ['Niza'] },
    } as unknown as typeof branch;
    expect(checkoutDeliveryCharge(stored, { neighbourhood: 'Niza' }, 10000)).toBeNull();
  });
});
