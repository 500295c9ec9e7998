import { describe, expect, it } from 'vitest';
import { coversNeighbourhood, foldText } from './names';

describe('foldText', () => {
  it('ignores accents, the tilde, case and outer spaces', () => {
    expect(foldText('  Mazurén ')).toBe('mazuren');
    expect(foldText('CAMPIÑA')).toBe('campina');
  });
});

describe('coversNeighbourhood', () => {
  const zones = ['La Campiña', 'Colina Campestre', 'Mazurén'];
  it('finds a zone however the customer typed it', () => {
    expect(coversNeighbourhood(zones, 'la campina')).toBe(true);
    expect(coversNeighbourhood(zones, 'MAZUREN')).toBe(true);
  });
  it('does not match a different neighbourhood or a part of one', () => {
    expect(coversNeighbourhood(zones, 'La Calera')).toBe(false);
    expect(coversNeighbourhood(zones, 'Colina')).toBe(false);
    expect(coversNeighbourhood([], 'La Campiña')).toBe(false);
  });
});
