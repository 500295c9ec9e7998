import { describe, expect, it } from 'vitest';
import { describeNextOpening, isOpenAt, localClock, nextOpening } from './opening-hours';

// Bogotá is UTC-5 all year: 2026-11-23 is a Monday.
const bogota = (iso: string) => new Date(`${iso}-05:00`);

const lunchAndDinner = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, opens: '11:30', closes: '15:00' },
  { weekday, opens: '18:00', closes: '22:00' },
]);
const lateFriday = [{ weekday: 5, opens: '18:00', closes: '02:00' }];
const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  opens: '00:00',
  closes: '24:00',
}));

describe('localClock', () => {
  it('reads weekday and minute in the chain time zone, not UTC', () => {
    // 03:00 UTC on Tuesday is still Monday 22:00 in Bogotá.
    expect(localClock(new Date('2026-11-24T03:00:00Z'))).toEqual({ weekday: 1, minute: 22 * 60 });
  });
});

describe('isOpenAt', () => {
  it('is open inside an interval and closed between intervals', () => {
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-23T12:00:00'))).toBe(true);
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-23T16:00:00'))).toBe(false);
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-23T21:59:00'))).toBe(true);
  });

  it('treats the closing minute as closed', () => {
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-23T22:00:00'))).toBe(false);
  });

  it('is closed on days without intervals', () => {
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-22T12:00:00'))).toBe(false);
  });

  it('keeps an overnight interval open past midnight into the next day', () => {
    expect(isOpenAt(lateFriday, bogota('2026-11-27T23:00:00'))).toBe(true);
    expect(isOpenAt(lateFriday, bogota('2026-11-28T01:30:00'))).toBe(true);
    expect(isOpenAt(lateFriday, bogota('2026-11-28T02:00:00'))).toBe(false);
    expect(isOpenAt(lateFriday, bogota('2026-11-27T01:00:00'))).toBe(false);
  });

  it('is always open for a 24-hour branch', () => {
    for (const hour of ['00:00', '03:15', '12:00', '23:59']) {
      expect(isOpenAt(allDay, bogota(`2026-11-25T${hour}:00`))).toBe(true);
    }
  });
});

describe('nextOpening', () => {
  it('finds the next interval later the same day', () => {
    expect(nextOpening(lunchAndDinner, bogota('2026-11-23T16:00:00'))).toEqual({
      weekday: 1,
      opens: '18:00',
      daysAhead: 0,
    });
  });

  it('skips to the next open day over a closed weekend', () => {
    expect(nextOpening(lunchAndDinner, bogota('2026-11-21T12:00:00'))).toEqual({
      weekday: 1,
      opens: '11:30',
      daysAhead: 2,
    });
  });

  it('wraps round the week', () => {
    expect(nextOpening(lateFriday, bogota('2026-11-28T03:00:00'))).toEqual({
      weekday: 5,
      opens: '18:00',
      daysAhead: 6,
    });
  });

  it('is null for a branch with no hours', () => {
    expect(nextOpening([], bogota('2026-11-23T12:00:00'))).toBeNull();
  });
});

describe('describeNextOpening', () => {
  it('says today, tomorrow or the weekday in Spanish', () => {
    expect(describeNextOpening({ weekday: 1, opens: '18:00', daysAhead: 0 })).toBe(
      'Abre hoy a las 18:00',
    );
    expect(describeNextOpening({ weekday: 2, opens: '11:30', daysAhead: 1 })).toBe(
      'Abre mañana a las 11:30',
    );
    expect(describeNextOpening({ weekday: 1, opens: '11:30', daysAhead: 2 })).toBe(
      'Abre el lunes a las 11:30',
    );
    expect(describeNextOpening(null)).toBeNull();
  });
});

describe('dated exceptions', () => {
  const holiday = { date: '2026-11-23', closed: true, ranges: [] };
  const shortDay = {
    date: '2026-11-23',
    closed: false,
    ranges: [{ opens: '09:00', closes: '13:00' }],
  };

  it('a closed date is closed all day, and its next opening is the day after', () => {
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-23T12:00:00'), undefined, [holiday])).toBe(
      false,
    );
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-23T19:00:00'), undefined, [holiday])).toBe(
      false,
    );
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-24T12:00:00'), undefined, [holiday])).toBe(
      true,
    );
    expect(
      nextOpening(lunchAndDinner, bogota('2026-11-23T10:00:00'), undefined, [holiday]),
    ).toEqual({ weekday: 2, opens: '11:30', daysAhead: 1 });
  });

  it('special hours replace the weekday ranges that date only', () => {
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-23T09:30:00'), undefined, [shortDay])).toBe(
      true,
    );
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-23T14:00:00'), undefined, [shortDay])).toBe(
      false,
    );
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-23T19:00:00'), undefined, [shortDay])).toBe(
      false,
    );
    expect(isOpenAt(lunchAndDinner, bogota('2026-11-30T19:00:00'), undefined, [shortDay])).toBe(
      true,
    );
  });

  it('a range past midnight the day before still runs into a closed date; the closed date opens nothing after midnight', () => {
    const saturdayOff = { date: '2026-11-28', closed: true, ranges: [] };
    expect(isOpenAt(lateFriday, bogota('2026-11-28T01:00:00'), undefined, [saturdayOff])).toBe(
      true,
    );
    const fridayOff = { date: '2026-11-27', closed: true, ranges: [] };
    expect(isOpenAt(lateFriday, bogota('2026-11-28T01:00:00'), undefined, [fridayOff])).toBe(false);
    expect(isOpenAt(lateFriday, bogota('2026-11-27T23:00:00'), undefined, [fridayOff])).toBe(false);
  });

  it('special hours may run past midnight too', () => {
    const newYear = {
      date: '2026-12-31',
      closed: false,
      ranges: [{ opens: '20:00', closes: '03:00' }],
    };
    expect(isOpenAt([], bogota('2027-01-01T02:30:00'), undefined, [newYear])).toBe(true);
    expect(isOpenAt([], bogota('2027-01-01T03:00:00'), undefined, [newYear])).toBe(false);
  });

  it('several ranges a day, each on its own', () => {
    const split = [
      { weekday: 1, opens: '07:00', closes: '10:00' },
      { weekday: 1, opens: '12:00', closes: '15:00' },
      { weekday: 1, opens: '19:00', closes: '01:00' },
    ];
    expect(
      [8, 11, 13, 16, 20].map((h) =>
        isOpenAt(split, bogota(`2026-11-23T${String(h).padStart(2, '0')}:00:00`)),
      ),
    ).toEqual([true, false, true, false, true]);
    expect(isOpenAt(split, bogota('2026-11-24T00:30:00'))).toBe(true);
    expect(nextOpening(split, bogota('2026-11-23T16:00:00'))).toEqual({
      weekday: 1,
      opens: '19:00',
      daysAhead: 0,
    });
  });
});
