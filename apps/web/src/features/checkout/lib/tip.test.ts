import { MAX_TIP } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { NO_TIP, tipAmount } from './tip';

describe('the courier tip as chosen at checkout', () => {
  it('is none, a preset, or the value typed as pesos', () => {
    expect(tipAmount(NO_TIP)).toBe(0);
    expect(tipAmount({ choice: '2000', other: '' })).toBe(2000);
    expect(tipAmount({ choice: '5000', other: '9000' })).toBe(5000);
    expect(tipAmount({ choice: 'other', other: '$ 3.500' })).toBe(3500);
    expect(tipAmount({ choice: 'other', other: '  ' })).toBe(0);
  });

  it('cannot be read when it is not a whole amount up to the limit', () => {
    expect(tipAmount({ choice: 'other', other: '3,5' })).toBeNull();
    expect(tipAmount({ choice: 'other', other: '-100' })).toBeNull();
    expect(tipAmount({ choice: 'other', other: String(MAX_TIP + 1) })).toBeNull();
    expect(tipAmount({ choice: 'other', other: String(MAX_TIP) })).toBe(MAX_TIP);
  });
});
