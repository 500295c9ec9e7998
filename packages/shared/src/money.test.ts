import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('groups thousands with dots as the de-DE locale does', () => {
    expect(formatMoney(12500)).toBe('$12.500');
    expect(formatMoney(1250000)).toBe('$1.250.000');
  });
  it('shows small and zero amounts without grouping', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(900)).toBe('$900');
  });
  it('puts the sign before the currency symbol', () => {
    expect(formatMoney(-3000)).toBe('-$3.000');
  });
  it('writes what the de-DE locale writes for any amount, fractions rounded half away from zero', () => {
    const deDE = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
    const amounts = [0.5, 1.5, 2.5, 999.5, -0.5, -12_499.5, 1e15 + 1, Number.MAX_SAFE_INTEGER];
    for (let digits = 1; digits <= 16; digits++) {
      const top = 10 ** digits;
      amounts.push(top - 1, top, top + 1, Math.floor(top * 0.123_456_7), -top);
    }
    for (const amount of amounts) {
      const sign = amount < 0 ? '-' : '';
      expect(formatMoney(amount), String(amount)).toBe(`${sign}$${deDE.format(Math.abs(amount))}`);
    }
  });
});
