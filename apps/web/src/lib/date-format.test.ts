import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateFormat } from './date-format';

describe('dateFormat', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes no Intl format until something is formatted, then makes it once', () => {
    let made = 0;
    const Counted = class extends Intl.DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made++;
      }
    };
    vi.stubGlobal('Intl', { ...Intl, DateTimeFormat: Counted });

    const day = dateFormat({ day: 'numeric', month: 'long', timeZone: 'UTC' });
    expect(made).toBe(0);

    expect(day.format(Date.UTC(2026, 11, 4, 12))).toBe('4 de diciembre');
    expect(day.format(new Date(Date.UTC(2026, 0, 20, 12)))).toBe('20 de enero');
    expect(made).toBe(1);
  });
});
