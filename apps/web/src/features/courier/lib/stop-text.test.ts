import { describe, expect, it } from 'vitest';
import { collectText, directionsHref, telHref } from './stop-text';
import { testStop } from './test-trip';

describe('what the courier reads at the door', () => {
  it('says what to collect, what the customer pays with and the change to carry', () => {
    expect(collectText(testStop())).toBe(
      'Cobrar $38.500 · paga con $50.000 · llevar $11.500 de cambio',
    );
    expect(collectText(testStop({ pay_with: null, change: null }))).toBe('Cobrar $38.500');
    expect(collectText(testStop({ pay_with: 38_500, change: 0 }))).toBe(
      'Cobrar $38.500 · paga con $38.500',
    );
    expect(collectText(testStop({ collect: 0, pay_with: null, change: null }))).toBe(
      'Pagado en línea',
    );
  });

  it('says the courier’s tip apart: inside what to collect, or already paid online', () => {
    const tipped = testStop({ total: 38_500, tip: 2000, collect: 40_500, change: 9500 });
    expect(collectText(tipped)).toBe(
      'Cobrar $40.500 (incluye propina $2.000) · paga con $50.000 · llevar $9.500 de cambio',
    );
    expect(collectText({ ...tipped, collect: 0, pay_with: null, change: null })).toBe(
      'Pagado en línea · propina $2.000 incluida',
    );
  });

  it('links the maps search with the address, neighbourhood and city, and a dialable phone', () => {
    expect(directionsHref(testStop(), 'Bogotá')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Calle%2010%20%23%2020-30%2C%20La%20Campi%C3%B1a%2C%20Bogot%C3%A1',
    );
    expect(directionsHref(testStop({ neighbourhood: null }), 'Bogotá')).toContain(
      'query=Calle%2010%20%23%2020-30%2C%20Bogot%C3%A1',
    );
    expect(telHref('+57 300 123-4567')).toBe('tel:+573001234567');
  });
});
