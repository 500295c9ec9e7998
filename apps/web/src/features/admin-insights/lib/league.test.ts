import { describe, expect, it } from 'vitest';
import { nextSort, sortLeague, type LeagueRow } from './league';

const row = (name: string, sales: number, kept: number | null): LeagueRow => ({
  branch_id: name.length,
  name,
  sales,
  orders: 1,
  average_ticket: sales,
  promise_kept_pct: kept,
  rejected: 0,
  previous: null,
});

const rows = [row('Norte', 300, 90), row('centro', 500, null), row('Álamos', 300, 70)];
const order = (sorted: LeagueRow[]) => sorted.map((r) => r.name);

describe('the league table', () => {
  it('sorts figures high to low first, ties by name, and names A to Z ignoring accents and case', () => {
    expect(order(sortLeague(rows, { key: 'sales', direction: 'descending' }))).toEqual([
      'centro',
      'Álamos',
      'Norte',
    ]);
    expect(order(sortLeague(rows, { key: 'name', direction: 'ascending' }))).toEqual([
      'Álamos',
      'centro',
      'Norte',
    ]);
  });

  it('puts a branch with nothing measured last, whichever way', () => {
    expect(order(sortLeague(rows, { key: 'promise_kept_pct', direction: 'descending' }))).toEqual([
      'Norte',
      'Álamos',
      'centro',
    ]);
    expect(order(sortLeague(rows, { key: 'promise_kept_pct', direction: 'ascending' }))).toEqual([
      'Álamos',
      'Norte',
      'centro',
    ]);
  });

  it('turns the same column round and starts another its own way', () => {
    expect(nextSort({ key: 'sales', direction: 'descending' }, 'sales')).toEqual({
      key: 'sales',
      direction: 'ascending',
    });
    expect(nextSort({ key: 'sales', direction: 'ascending' }, 'name')).toEqual({
      key: 'name',
      direction: 'ascending',
    });
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'rejected')).toEqual({
      key: 'rejected',
      direction: 'descending',
    });
  });
});
