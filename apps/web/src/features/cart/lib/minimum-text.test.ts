import { describe, expect, it } from 'vitest';
import { missingForMinimum } from './minimum-text';

describe('missingForMinimum', () => {
  it('counts what is missing to the minimum on the products alone', () => {
    expect(missingForMinimum(25900, 30000)).toBe(
      'Te faltan $4.100 para el pedido mínimo de $30.000.',
    );
    expect(missingForMinimum(30000, 30000)).toBeNull();
    expect(missingForMinimum(100, 0)).toBeNull();
  });
});
