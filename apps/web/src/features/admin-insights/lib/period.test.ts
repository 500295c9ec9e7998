import { describe, expect, it } from 'vitest';
import { daysIn, presetPeriod } from './period';

describe('presetPeriod', () => {
  it('reads Hoy and Ayer on the given day, across a month and a year', () => {
    expect(presetPeriod('hoy', '2026-12-02')).toEqual({ from: '2026-12-02', to: '2026-12-02' });
    expect(presetPeriod('ayer', '2027-01-01')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('starts Esta semana on Monday: a Sunday covers seven days, a Monday only itself', () => {
    // 2026-12-06 is a Sunday, 2026-12-07 a Monday, 2026-12-02 a Wednesday.
    expect(presetPeriod('semana', '2026-12-06')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(presetPeriod('semana', '2026-12-07')).toEqual({ from: '2026-12-07', to: '2026-12-07' });
    expect(presetPeriod('semana', '2026-12-02')).toEqual({ from: '2026-11-30', to: '2026-12-02' });
  });

  it('counts the last 7 and 30 days with today', () => {
    expect(presetPeriod('7-dias', '2026-12-02')).toEqual({ from: '2026-11-26', to: '2026-12-02' });
    expect(presetPeriod('30-dias', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(daysIn(presetPeriod('30-dias', '2026-03-01'))).toBe(30);
  });

  it('starts Este mes on the 1st, and on the 1st it is that day alone', () => {
    expect(presetPeriod('mes', '2024-02-29')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetPeriod('mes', '2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });
});
