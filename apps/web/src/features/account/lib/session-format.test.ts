import { describe, expect, it } from 'vitest';
import { deviceName, lastUsedText, startedText } from './session-format';

const now = new Date('2026-03-10T15:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('lastUsedText', () => {
  it.each([
    [10_000, 'Último uso: hace un momento'],
    [60_000, 'Último uso: hace 1 minuto'],
    [5 * 60_000 + 59_000, 'Último uso: hace 5 minutos'],
    [3 * 3_600_000, 'Último uso: hace 3 horas'],
    [2 * 86_400_000, 'Último uso: hace 2 días'],
    [30 * 86_400_000, 'Último uso: el 8 de febrero de 2026'],
  ])('says %i ms ago as "%s"', (ago, text) => {
    expect(lastUsedText(before(ago), now)).toBe(text);
  });

  it('does not go into the future when the clocks disagree', () => {
    expect(lastUsedText(new Date(now.getTime() + 120_000).toISOString(), now)).toBe(
      'Último uso: hace un momento',
    );
  });

  it('tells the day in Bogotá, not UTC', () => {
    expect(startedText('2026-03-02T03:00:00.000Z')).toBe('Desde el 1 de marzo de 2026');
  });

  it('names a device the server could not', () => {
    expect(deviceName(null)).toBe('Dispositivo sin identificar');
    expect(deviceName('Chrome en Android')).toBe('Chrome en Android');
  });
});
