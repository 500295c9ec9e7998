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
