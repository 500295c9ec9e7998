import { describe, expect, it } from 'vitest';
import { searchNeighbourhoods } from './neighbourhood-search';

describe('neighbourhood search', () => {
  it('finds neighbourhoods ignoring accents, case and spaces, beginnings first', () => {
    const names = ['Mazurén', 'Cedritos', 'Santa Bárbara', 'Barrios Unidos', 'Niza'];
    expect(searchNeighbourhoods(names, 'MAZUREN ')).toEqual(['Mazurén']);
    expect(searchNeighbourhoods(names, 'barb')).toEqual(['Santa Bárbara']);
    expect(searchNeighbourhoods(names, 'bar')).toEqual(['Barrios Unidos', 'Santa Bárbara']);
    expect(searchNeighbourhoods(names, 'santa  barbara')).toEqual(['Santa Bárbara']);
    expect(searchNeighbourhoods(names, '')).toEqual([
      'Barrios Unidos',
      'Cedritos',
      'Mazurén',
      'Niza',
      'Santa Bárbara',
    ]);
    expect(searchNeighbourhoods(names, 'chapinero')).toEqual([]);
  });
});
