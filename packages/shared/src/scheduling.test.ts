import { describe, expect, it } from 'vitest';
import { chainDayRange } from './chain-time';
import { constantPromiseMinutes, openWorkOf, orderMinutes, promiseMinutes } from './promise';
import {
  dayWords,
  daySlots,
  describeClosed,
  describePaused,
  describeScheduled,
} from './scheduling';

const clock = (day: string, hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return new Date(chainDayRange(day).start.getTime() + (h * 60 + m) * 60_000);
};
// 2026-12-04 is a Friday (5).
const friday = '2026-12-04';

describe('daySlots', () => {
  it('starts at opening, ends a slot before closing, and hands the hours past midnight to the next day', () => {
    const hours = [
      { weekday: 5, opens: '11:30', closes: '15:00' },
      { weekday: 5, opens: '18:00', closes: '01:00' },
    ];
    const slots = daySlots(hours, [], friday);
    expect(slots[0]!.start).toEqual(clock(friday, '11:30'));
    expect(slots.at(-1)!.start).toEqual(clock(friday, '23:45'));
    expect(slots.map((s) => s.start)).not.toContainEqual(clock(friday, '15:00'));
    const saturday = daySlots(hours, [], '2026-12-05').map((s) => s.start);
    expect(saturday).toEqual(
      ['00:00', '00:15', '00:30', '00:45'].map((c) => clock('2026-12-05', c)),
    );
  });

  it('rounds an odd opening up to the next quarter and follows a dated exception', () => {
    const hours = [{ weekday: 5, opens: '11:40', closes: '12:30' }];
    expect(daySlots(hours, [], friday).map((s) => s.start)).toEqual([
      clock(friday, '11:45'),
      clock(friday, '12:00'),
      clock(friday, '12:15'),
    ]);
    expect(daySlots(hours, [{ date: friday, closed: true, ranges: [] }], friday)).toEqual([]);
    const special = [
      { date: friday, closed: false, ranges: [{ opens: '09:00', closes: '09:30' }] },
    ];
    expect(daySlots(hours, special, friday)).toHaveLength(2);
  });
});

describe('the words', () => {
  it('say when a scheduled order is due and when a closed branch opens', () => {
    const now = clock(friday, '01:30');
    expect(describeScheduled(clock(friday, '20:00'), now)).toBe('Programado para hoy a las 20:00');
    expect(describeScheduled(clock('2026-12-05', '13:00'), now)).toBe(
      'Programado para mañana a las 13:00',
    );
    expect(describeScheduled(clock('2026-12-09', '12:15'), now)).toBe(
      'Programado para el miércoles 9 a las 12:15',
    );
    // Past midnight on the chain's clock, "mañana" moves on with the day.
    expect(dayWords(clock('2026-12-05', '13:00'), clock('2026-12-05', '00:05'))).toBe('hoy');
    const hours = [{ weekday: 5, opens: '11:30', closes: '22:00' }];
    expect(describeClosed(hours, [], now)).toBe('Cerrada · abre hoy a las 11:30');
  });
});

describe('promiseMinutes', () => {
  const kitchen = { prep_minutes: 20, rush_minutes: 0, stations: 2 };
  it('is the usual minutes for a typical order in an idle kitchen, plus the rush', () => {
    expect(promiseMinutes({ cooking: [], waiting: [] }, kitchen)).toBe(20);
    expect(promiseMinutes({ cooking: [], waiting: [] }, { ...kitchen, rush_minutes: 15 })).toBe(35);
    expect(constantPromiseMinutes(kitchen)).toBe(20);
  });

  it('waits for the first free station once every order ahead has one', () => {
    // Two stations busy for 5 and 12 more minutes, one order of 3 units waiting (20 min).
    const work = {
      cooking: [
        { units: 3, minutes_left: 5 },
        { units: 3, minutes_left: 12 },
      ],
      waiting: [3],
    };
    // The waiting one takes the station free at 5; ours the one free at 12.
    expect(promiseMinutes(work, kitchen)).toBe(12 + 20);
    // A cooking order promised far ahead still needs only its own minutes.
    expect(
      promiseMinutes(
        { cooking: [{ units: 3, minutes_left: 90 }], waiting: [] },
        { ...kitchen, stations: 1 },
      ),
    ).toBe(20 + 20);
    expect(orderMinutes(kitchen, 6)).toBe(14 + 12);
  });
});

describe('openWorkOf', () => {
  const at = new Date('2026-12-04T17:00:00Z');
  const row = (id: number, status: string, fireMinutes: number | null, promisedMinutes = 30) => ({
    id,
    status,
    quantity: 2,
    accepted_at: status === 'received' ? null : at.toISOString(),
    promised_at:
      status === 'received'
        ? null
        : new Date(at.getTime() + promisedMinutes * 60_000).toISOString(),
    fire_at:
      fireMinutes === null ? null : new Date(at.getTime() + fireMinutes * 60_000).toISOString(),
  });

  it('counts accepted orders as cooking, unanswered ones and those firing soon as waiting', () => {
    const work = openWorkOf(
      [
        row(1, 'accepted', -10),
        row(2, 'received', null),
        row(3, 'received', 10),
        row(4, 'received', 120),
      ],
      at,
      20,
    );
    expect(work.cooking).toEqual([{ units: 2, minutes_left: 30 }]);
    expect(work.waiting).toEqual([2, 2]);
  });

  it('holds a scheduled order accepted ahead as waiting until it fires, not as cooking', () => {
    // Accepted ahead, fires in 2 hours: not the kitchen's work yet.
    expect(openWorkOf([row(1, 'accepted', 120, 150)], at, 20)).toEqual({
      cooking: [],
      waiting: [],
    });
    // Accepted ahead, fires in 10 minutes: in line like an unanswered order firing then.
    expect(openWorkOf([row(1, 'accepted', 10, 40)], at, 20)).toEqual({ cooking: [], waiting: [2] });
  });
});

describe('describePaused', () => {
  // 19:10 in Bogotá (UTC−5).
  const now = new Date('2026-12-03T00:10:00Z');

  it('says until when, and names the next day when the pause ends after midnight', () => {
    expect(describePaused(new Date('2026-12-03T01:30:00Z'), now)).toBe('Pausada hasta las 20:30');
    expect(describePaused(new Date('2026-12-03T13:00:00Z'), now)).toBe(
      'Pausada hasta mañana a las 08:00',
    );
  });

  it('has nothing to say of a pause without an end, or one whose end has passed', () => {
    expect(describePaused(null, now)).toBeNull();
    expect(describePaused(new Date('2026-12-03T00:00:00Z'), now)).toBeNull();
  });
});
