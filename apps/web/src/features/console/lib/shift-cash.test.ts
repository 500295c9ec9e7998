import { describe, expect, it } from 'vitest';
import { differenceText, readCash, shiftStage } from './shift-cash';

describe('readCash', () => {
  it('reads pesos as the counter types them, zero included', () => {
    expect(readCash('45.000')).toBe(45_000);
    expect(readCash('$ 12 500')).toBe(12_500);
    expect(readCash('0')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    expect(readCash('')).toBeNull();
    expect(readCash('12,5')).toBeNull();
    expect(readCash('-3')).toBeNull();
  });
});

describe('differenceText', () => {
  it('says a shortfall, a surplus or that it adds up, in words', () => {
    expect(differenceText(-5_000)).toEqual({ kind: 'short', text: 'Faltante $5.000' });
    expect(differenceText(2_000)).toEqual({ kind: 'over', text: 'Sobrante $2.000' });
    expect(differenceText(0)).toEqual({ kind: 'even', text: 'Cuadra' });
  });
});

describe('shiftStage', () => {
  it('tells a running shift from one to close and one closed', () => {
    expect(shiftStage({ ended_at: null, closed_at: null })).toBe('on');
    expect(shiftStage({ ended_at: '2026-12-02T02:00:00Z', closed_at: null })).toBe('to_close');
    expect(
      shiftStage({ ended_at: '2026-12-02T02:00:00Z', closed_at: '2026-12-02T02:10:00Z' }),
    ).toBe('closed');
  });
});
