import { describe, expect, it } from 'vitest';
import { byCity } from './neighbourhood-groups';

describe('byCity', () => {
  it('groups the neighbourhoods by city, cities and names in Spanish order', () => {
    expect(
      byCity([
        { name: 'Olaya', city: 'Bogotá' },
        { name: 'El Poblado', city: 'Medellín' },
        { name: 'Álamos', city: 'Bogotá' },
        { name: 'Ñuñoa', city: 'Bogotá' },
        { name: 'Granada', city: 'Cali' },
        { name: 'Nueva Granada', city: 'Bogotá' },
      ]),
    ).toEqual([
      { city: 'Bogotá', names: ['Álamos', 'Nueva Granada', 'Ñuñoa', 'Olaya'] },
      { city: 'Cali', names: ['Granada'] },
      { city: 'Medellín', names: ['El Poblado'] },
    ]);
  });

  it('puts a neighbourhood without a city (an answer kept offline from before) under Otra ciudad', () => {
    const old = [{ name: 'Olaya' }] as unknown as { name: string; city: string }[];
    expect(byCity(old)).toEqual([{ city: 'Otra ciudad', names: ['Olaya'] }]);
  });
});
