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
});
