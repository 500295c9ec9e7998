import { describe, expect, it } from 'vitest';
import { chainClock, chainDayRange, chainToday, describeChainTime, perMinute } from './chain-time';

describe('chain time (Bogotá, UTC−5, no DST)', () => {
  it('reads the clock in the chain zone, not the machine’s', () => {
    expect(chainClock(new Date('2026-11-23T18:30:00Z'))).toBe('13:30');
    expect(chainClock(new Date('2026-11-24T04:05:00Z'))).toBe('23:05');
    expect(chainClock(new Date('2026-11-24T05:00:00Z'))).toBe('00:00');
  });

  it('reads once a minute, and again at the next minute, a daylight-saving change included', () => {
    let reads = 0;
    const read = (at: Date) => perMinute('test', at, () => ++reads);
    expect(read(new Date('2026-11-23T18:30:05Z'))).toBe(1);
    expect(read(new Date('2026-11-23T18:30:59.999Z'))).toBe(1);
    expect(read(new Date('2026-11-23T18:31:00Z'))).toBe(2);
    expect(read(new Date('2026-11-23T18:30:10Z'))).toBe(3);
    // Madrid's clock goes back from 03:00 to 02:00 at 01:00 UTC on 2026-10-25.
    expect(chainClock(new Date('2026-10-25T00:59:30Z'), 'Europe/Madrid')).toBe('02:59');
    expect(chainClock(new Date('2026-10-25T01:00:00Z'), 'Europe/Madrid')).toBe('02:00');
    // The same instant in two zones: each zone its own reading.
    expect(chainToday(new Date('2026-11-24T04:30:00Z'))).toBe('2026-11-23');
    expect(chainToday(new Date('2026-11-24T04:30:00Z'), 'Europe/Madrid')).toBe('2026-11-24');
  });

  it('gives a calendar day as the instants it spans', () => {
    const { start, end } = chainDayRange('2026-11-23');
    expect(start.toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-24T05:00:00.000Z');
  });

  it('follows a zone with daylight saving across its change', () => {
    // Madrid moves from UTC+2 to UTC+1 on 2026-10-25: that day lasts 25 hours.
    const { start, end } = chainDayRange('2026-10-25', 'Europe/Madrid');
    expect(start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('says when, relative to now: today, tomorrow, or a date', () => {
    const now = new Date('2026-11-23T17:00:00Z'); // 12:00 in Bogotá
    expect(describeChainTime(new Date('2026-11-23T18:30:00Z'), now)).toBe('a las 13:30');
    expect(describeChainTime(new Date('2026-11-24T14:00:00Z'), now)).toBe('mañana a las 09:00');
    expect(describeChainTime(new Date('2026-11-26T14:00:00Z'), now)).toBe(
      'el 2026-11-26 a las 09:00',
    );
  });
});
