import { describe, expect, it } from 'vitest';
import { changedPrice, priceChangeSize } from './price-change';

describe('changedPrice', () => {
  it('adds an amount exactly, negative too', () => {
    expect(changedPrice(18_000, 'amount', 1_500)).toBe(19_500);
    expect(changedPrice(18_000, 'amount', -2_050)).toBe(15_950);
  });

  it('rounds a percentage to the nearest 100 pesos, halves up', () => {
    expect(changedPrice(25_000, 'percent', 10)).toBe(27_500);
    expect(changedPrice(16_500, 'percent', 10)).toBe(18_200); // 18.150
    expect(changedPrice(16_400, 'percent', 10)).toBe(18_000); // 18.040
    expect(changedPrice(32_900, 'percent', -5)).toBe(31_300); // 31.255
    expect(changedPrice(12_000, 'percent', 12.5)).toBe(13_500);
  });

  it('reaches 0 when the whole price is taken away', () => {
    expect(changedPrice(8_000, 'percent', -100)).toBe(0);
    expect(changedPrice(8_000, 'amount', -8_000)).toBe(0);
  });
});

describe('priceChangeSize', () => {
  it('says the size of a change without its sign', () => {
    expect(priceChangeSize('percent', -12.5)).toBe('12,5 %');
    expect(priceChangeSize('amount', -1000)).toBe('$1.000');
  });
});
