import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  hasFilters,
  isRangeValid,
  queryOf,
  withFilter,
} from './payment-filters';

const TODAY = '2026-12-01';
const read = (search: string) => filtersFromParams(new URLSearchParams(search), TODAY);

describe('payment filters in the URL', () => {
  it('default to the last 30 chain days of every branch and state, as the server does', () => {
    expect(read('')).toEqual({ from: '2026-11-01', to: TODAY, branchId: null, status: null });
    expect(queryOf(read(''))).toEqual({ from: '2026-11-01', to: TODAY });
    expect(hasFilters(new URLSearchParams(''))).toBe(false);
  });

  it('read desde, hasta, sede and estado into the API query', () => {
    const filters = read('desde=2026-10-01&hasta=2026-10-31&sede=3&estado=declined');
    expect(queryOf(filters)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      branch_id: 3,
      status: 'declined',
    });
  });

  it('fall back to the default for what a hand-edited link spells wrong', () => {
    expect(read('desde=2026-02-30&hasta=ayer&sede=-2&estado=paid')).toEqual(read(''));
    expect(read('desde=1999-12-31&sede=1.5').from).toBe('2026-11-01');
    expect(read('sede=1.5').branchId).toBeNull();
  });

  it('set a filter, or drop it back to its default when emptied, keeping the others', () => {
    const params = withFilter(new URLSearchParams('sede=2'), 'status', 'approved');
    expect(params.toString()).toBe('sede=2&estado=approved');
    expect(withFilter(params, 'branch', '').toString()).toBe('estado=approved');
  });

  it('say a range that ends before it starts is not one', () => {
    expect(isRangeValid(read('desde=2026-11-10&hasta=2026-11-09'))).toBe(false);
    expect(isRangeValid(read('desde=2026-11-10&hasta=2026-11-10'))).toBe(true);
  });
});
