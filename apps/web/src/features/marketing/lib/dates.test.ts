import { describe, expect, it } from 'vitest';
import { formatDay } from './dates';

describe('formatDay', () => {
  it('names the calendar day in Spanish, whatever the clock zone', () => {
    expect(formatDay('2030-06-14')).toMatch(/^viernes,? 14 de junio$/);
    expect(formatDay('2030-01-01')).toMatch(/^martes,? 1 de enero$/);
  });
});
