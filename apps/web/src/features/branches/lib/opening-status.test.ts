import { describe, expect, it } from 'vitest';
import { openingStatus } from './opening-status';

// Bogotá is UTC-5 all year: 2026-11-23 is a Monday.
const bogota = (iso: string) => new Date(`${iso}-05:00`);

const weekdays = (opens: string, closes: string, days = [1, 2, 3, 4, 5]) =>
  days.map((weekday) => ({ weekday, opens, closes }));
const branch = (
  opening_hours: { weekday: number; opens: string; closes: string }[],
  open_now = false,
) => ({
  opening_hours,
  open_now,
});

const campina = branch([
  { weekday: 0, opens: '12:00', closes: '21:00' },
  ...weekdays('11:30', '22:00', [1, 2, 3, 4, 5, 6]),
]);
const allDay = branch(weekdays('00:00', '24:00', [0, 1, 2, 3, 4, 5, 6]));

describe('openingStatus', () => {
  it('says when an open branch closes', () => {
    expect(openingStatus(campina, bogota('2026-11-23T12:00:00'))).toEqual({
      open: true,
      text: 'Abierto ahora · cierra a las 22:00',
    });
  });

  it('says "Abierto 24 horas" for a branch that never closes', () => {
    for (const at of ['2026-11-23T00:00:00', '2026-11-25T13:45:00', '2026-11-29T23:59:00']) {
      expect(openingStatus(allDay, bogota(at))).toEqual({ open: true, text: 'Abierto 24 horas' });
    }
  });

  it('says it opens later today', () => {
    expect(openingStatus(campina, bogota('2026-11-23T08:00:00'))).toEqual({
      open: false,
      text: 'Cerrado · abre a las 11:30',
    });
  });

  it('says it opens tomorrow', () => {
    expect(openingStatus(campina, bogota('2026-11-23T22:30:00'))).toEqual({
      open: false,
      text: 'Cerrado · abre mañana a las 11:30',
    });
  });

  it('names the weekday when it opens in two days or more', () => {
    const weekdaysOnly = branch(weekdays('11:30', '22:00'));
    // Saturday evening: closed Sunday, opens Monday.
    expect(openingStatus(weekdaysOnly, bogota('2026-11-28T20:00:00'))).toEqual({
      open: false,
      text: 'Cerrado · abre el lunes a las 11:30',
    });
  });

  it('keeps an overnight opening open past midnight and says when it ends', () => {
    const lateFriday = branch([{ weekday: 5, opens: '18:00', closes: '02:00' }]);
    expect(openingStatus(lateFriday, bogota('2026-11-28T01:00:00')).text).toBe(
      'Abierto ahora · cierra a las 02:00',
    );
    expect(openingStatus(lateFriday, bogota('2026-11-27T23:00:00')).text).toBe(
      'Abierto ahora · cierra a las 02:00',
    );
  });

  it('follows back-to-back intervals to the real closing time', () => {
    const marathon = branch([
      { weekday: 5, opens: '12:00', closes: '24:00' },
      { weekday: 6, opens: '00:00', closes: '03:00' },
    ]);
    expect(openingStatus(marathon, bogota('2026-11-27T20:00:00')).text).toBe(
      'Abierto ahora · cierra a las 03:00',
    );
  });

  it('says midnight rather than 24:00', () => {
    const untilMidnight = branch(weekdays('18:00', '24:00'));
    expect(openingStatus(untilMidnight, bogota('2026-11-23T20:00:00')).text).toBe(
      'Abierto ahora · cierra a medianoche',
    );
  });

  it("falls back to the API's open_now when a branch publishes no hours", () => {
    expect(openingStatus(branch([], true), bogota('2026-11-23T03:00:00'))).toEqual({
      open: true,
      text: 'Abierto ahora',
    });
    expect(openingStatus(branch([], false), bogota('2026-11-23T12:00:00'))).toEqual({
      open: false,
      text: 'Cerrado',
    });
  });

  it('reads the clock in the chain time zone, not the device one', () => {
    // 03:00 UTC Tuesday is Monday 22:00 in Bogotá: Campiña has just closed.
    expect(openingStatus(campina, new Date('2026-11-24T03:00:00Z')).text).toBe(
      'Cerrado · abre mañana a las 11:30',
    );
  });

  describe('a branch paused by its staff', () => {
    const paused = (resumes_at: string | null) => ({
      ...allDay,
      open_now: true,
      accepting_orders: false,
      resumes_at,
    });

    it('says it takes no orders and when it comes back', () => {
      expect(
        openingStatus(paused('2026-11-23T18:30:00.000Z'), bogota('2026-11-23T13:00:00')),
      ).toEqual({
        open: false,
        text: 'No recibe pedidos · vuelve a las 13:30',
      });
    });

    it('says only that it takes no orders when paused until the staff reopen it', () => {
      expect(openingStatus(paused(null), bogota('2026-11-23T13:00:00'))).toEqual({
        open: false,
        text: 'No recibe pedidos por ahora',
      });
    });

    it('counts a timed pause as over once its time has passed', () => {
      expect(
        openingStatus(paused('2026-11-23T18:30:00.000Z'), bogota('2026-11-23T13:31:00')),
      ).toEqual({ open: true, text: 'Abierto 24 horas' });
    });

    it('reads as closed, not paused, outside its hours', () => {
      const closedAndPaused = {
        ...campina,
        open_now: false,
        accepting_orders: false,
        resumes_at: null,
      };
      expect(openingStatus(closedAndPaused, bogota('2026-11-23T08:00:00')).text).toBe(
        'Cerrado · abre a las 11:30',
      );
    });
  });
});

describe('openingStatus with dated exceptions', () => {
  it('a holiday today shows the branch closed today, and when it opens next', () => {
    const holiday = {
      ...campina,
      opening_exceptions: [{ date: '2026-11-23', closed: true, ranges: [] }],
    };
    expect(openingStatus(holiday, bogota('2026-11-23T12:00:00'))).toEqual({
      open: false,
      text: 'Cerrado hoy · abre mañana a las 11:30',
    });
    const allDayHoliday = {
      ...allDay,
      opening_exceptions: [{ date: '2026-11-23', closed: true, ranges: [] }],
    };
    expect(openingStatus(allDayHoliday, bogota('2026-11-23T12:00:00'))).toEqual({
      open: false,
      text: 'Cerrado hoy · abre mañana a las 00:00',
    });
  });

  it('special hours that day decide when it closes', () => {
    const short = {
      ...campina,
      opening_exceptions: [
        { date: '2026-11-23', closed: false, ranges: [{ opens: '09:00', closes: '14:00' }] },
      ],
    };
    expect(openingStatus(short, bogota('2026-11-23T12:00:00'))).toEqual({
      open: true,
      text: 'Abierto ahora · cierra a las 14:00',
    });
    expect(openingStatus(short, bogota('2026-11-23T15:00:00'))).toEqual({
      open: false,
      text: 'Cerrado · abre mañana a las 11:30',
    });
  });
});
