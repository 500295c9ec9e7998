import { describe, expect, it } from 'vitest';
import { changeSuggestions, payWithText, readPesos } from './pay-with';

describe('paying in cash', () => {
  it('suggests the round amounts above the total that a customer hands over', () => {
    expect(changeSuggestions(37_900)).toEqual([40_000, 50_000, 100_000]);
    expect(changeSuggestions(40_000)).toEqual([50_000, 60_000, 100_000]);
    expect(changeSuggestions(123_456)).toEqual([130_000, 140_000, 150_000]);
  });

  it('reads pesos as people type them, and nothing else', () => {
    expect(readPesos('50.000')).toBe(50_000);
    expect(readPesos(' $ 100000 ')).toBe(100_000);
    expect(readPesos('')).toBeNull();
    expect(readPesos('50,5')).toBeNull();
    expect(readPesos('cincuenta')).toBeNull();
    expect(readPesos('0')).toBeNull();
  });

  it('says what the courier brings back', () => {
    expect(payWithText(50_000, 37_900)).toBe('Paga con $50.000 · cambio $12.100');
    expect(payWithText(37_900, 37_900, 'Pagas')).toBe('Pagas con $37.900 · sin cambio');
  });
});
