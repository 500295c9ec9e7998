import { describe, expect, it } from 'vitest';
import {
  describeDayparts,
  isOfferedAt,
  isOfferedUnder,
  nextDaypartChange,
  type Daypart,
} from './dayparts';

// Bogotá is UTC-5 all year: 2026-11-23 is a Monday.
const bogota = (iso: string) => new Date(`${iso}-05:00`);

const weekdays = [1, 2, 3, 4, 5];
const breakfast: Daypart[] = [{ days: weekdays, from: '06:00', to: '11:00' }];
const lateFriday: Daypart[] = [{ days: [5], from: '22:00', to: '02:00' }];

describe('isOfferedAt', () => {
  it('offers what has no windows at any time', () => {
    expect(isOfferedAt([], bogota('2026-11-22T03:00:00'))).toBe(true);
  });

  it('includes the start and excludes the end: 11:00 is already over', () => {
    expect(isOfferedAt(breakfast, bogota('2026-11-23T05:59:00'))).toBe(false);
    expect(isOfferedAt(breakfast, bogota('2026-11-23T06:00:00'))).toBe(true);
    expect(isOfferedAt(breakfast, bogota('2026-11-23T10:59:59'))).toBe(true);
    expect(isOfferedAt(breakfast, bogota('2026-11-23T11:00:00'))).toBe(false);
    expect(isOfferedAt(breakfast, bogota('2026-11-23T11:01:00'))).toBe(false);
  });

  it('follows the weekday: not on Saturday or Sunday', () => {
    expect(isOfferedAt(breakfast, bogota('2026-11-27T08:00:00'))).toBe(true);
    expect(isOfferedAt(breakfast, bogota('2026-11-28T08:00:00'))).toBe(false);
    expect(isOfferedAt(breakfast, bogota('2026-11-29T08:00:00'))).toBe(false);
  });

  it('runs a window past midnight into the next day, started on its own weekday', () => {
    expect(isOfferedAt(lateFriday, bogota('2026-11-27T21:59:00'))).toBe(false);
    expect(isOfferedAt(lateFriday, bogota('2026-11-27T23:30:00'))).toBe(true);
    // Saturday 01:30 belongs to Friday's window.
    expect(isOfferedAt(lateFriday, bogota('2026-11-28T01:30:00'))).toBe(true);
    expect(isOfferedAt(lateFriday, bogota('2026-11-28T02:00:00'))).toBe(false);
    // Friday 01:30 would be Thursday's window, which there is not.
    expect(isOfferedAt(lateFriday, bogota('2026-11-27T01:30:00'))).toBe(false);
  });

  it("reads the chain's clock, not UTC or the server's", () => {
    // 15:30 UTC is 10:30 in Bogotá (offered); 11:30 UTC is 06:30 (offered); 16:30 UTC is 11:30.
    expect(isOfferedAt(breakfast, new Date('2026-11-23T15:30:00Z'))).toBe(true);
    expect(isOfferedAt(breakfast, new Date('2026-11-23T16:30:00Z'))).toBe(false);
    // The same instant on Madrid's clock is 17:30: over.
    expect(isOfferedAt(breakfast, new Date('2026-11-23T15:30:00Z'), 'Europe/Madrid')).toBe(false);
  });
});

describe('isOfferedUnder', () => {
  it('needs every set of windows to allow it (the category and the product)', () => {
    const mornings: Daypart[] = [{ days: [0, 1, 2, 3, 4, 5, 6], from: '06:00', to: '12:00' }];
    const early: Daypart[] = [{ days: [0, 1, 2, 3, 4, 5, 6], from: '05:00', to: '09:00' }];
    expect(isOfferedUnder([mornings, early], bogota('2026-11-23T08:00:00'))).toBe(true);
    expect(isOfferedUnder([mornings, early], bogota('2026-11-23T05:30:00'))).toBe(false);
    expect(isOfferedUnder([mornings, early], bogota('2026-11-23T10:00:00'))).toBe(false);
    expect(isOfferedUnder([[], []], bogota('2026-11-23T03:00:00'))).toBe(true);
  });
});

describe('nextDaypartChange', () => {
  it('is the end of the window while inside it, and its next start outside', () => {
    expect(nextDaypartChange(breakfast, bogota('2026-11-23T10:59:30'))).toBe(
      bogota('2026-11-23T11:00:00').getTime(),
    );
    expect(nextDaypartChange(breakfast, bogota('2026-11-23T11:00:00'))).toBe(
      bogota('2026-11-24T06:00:00').getTime(),
    );
    // Friday after breakfast: the next start is Monday's.
    expect(nextDaypartChange(breakfast, bogota('2026-11-27T12:00:00'))).toBe(
      bogota('2026-11-30T06:00:00').getTime(),
    );
  });

  it('finds the end of a window that crossed midnight', () => {
    expect(nextDaypartChange(lateFriday, bogota('2026-11-28T01:00:00'))).toBe(
      bogota('2026-11-28T02:00:00').getTime(),
    );
  });

  it('is null without windows', () => {
    expect(nextDaypartChange([], bogota('2026-11-23T08:00:00'))).toBeNull();
  });
});

describe('describeDayparts', () => {
  it('says the days and hours in Spanish', () => {
    expect(describeDayparts(breakfast)).toBe('de lunes a viernes de 06:00 a 11:00');
    expect(describeDayparts([{ days: [6, 0], from: '09:00', to: '13:00' }])).toBe(
      'sábado y domingo de 09:00 a 13:00',
    );
    expect(describeDayparts([{ days: [0, 1, 2, 3, 4, 5, 6], from: '18:00', to: '02:00' }])).toBe(
      'todos los días de 18:00 a 02:00',
    );
  });
});
