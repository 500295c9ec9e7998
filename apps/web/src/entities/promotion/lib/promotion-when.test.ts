import { describe, expect, it } from 'vitest';
import { promotionWhen } from './promotion-when';

// Bogotá is UTC−5 all year: 2026-12-01 is a Tuesday.
const tuesdayAt = (clock: string) => new Date(`2026-12-01T${clock}:00-05:00`);

describe('promotionWhen', () => {
  it('says the hour a window ends today', () => {
    expect(promotionWhen({ days: [2], from: '12:00', to: '23:00' }, tuesdayAt('13:00'))).toBe(
      'hoy hasta las 23:00',
    );
  });

  it('says tomorrow for a window past midnight', () => {
    expect(promotionWhen({ days: [2], from: '20:00', to: '02:00' }, tuesdayAt('21:30'))).toBe(
      'hasta mañana a las 02:00',
    );
  });

  it('says midnight for a whole day', () => {
    expect(promotionWhen({ days: [2], from: '00:00', to: '24:00' }, tuesdayAt('09:00'))).toBe(
      'hoy hasta la medianoche',
    );
  });

  it('says every day for a window that never closes', () => {
    const everyDay = { days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '24:00' };
    expect(promotionWhen(everyDay, tuesdayAt('09:00'))).toBe('todos los días');
  });
});
