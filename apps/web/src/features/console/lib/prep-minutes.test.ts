import { describe, expect, it } from 'vitest';
import { readPrepMinutes } from './prep-minutes';

describe('readPrepMinutes', () => {
  it('takes whole minutes from 1 to 180, as the server does', () => {
    expect(readPrepMinutes('1')).toBe(1);
    expect(readPrepMinutes(' 45 ')).toBe(45);
    expect(readPrepMinutes('180')).toBe(180);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '181', '12.5', '1e2', '0x1f', '-5', 'veinte'])
      expect(readPrepMinutes(text), text).toBeNull();
  });
});
