import { dateFormat } from '@/lib/date-format';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const relative = new Intl.RelativeTimeFormat('es-CO', { numeric: 'always' });
const calendar = dateFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Bogota',
});

/** "Último uso: hace 5 minutos", "… hace 3 días", "… el 2 de marzo de 2026" (a week or more ago). */
export function lastUsedText(lastUsedAt: string, now: Date): string {
  const ago = Math.max(0, now.getTime() - Date.parse(lastUsedAt));
  if (ago < MINUTE_MS) return 'Último uso: hace un momento';
  if (ago < HOUR_MS)
    return `Último uso: ${relative.format(-Math.floor(ago / MINUTE_MS), 'minute')}`;
  if (ago < DAY_MS) return `Último uso: ${relative.format(-Math.floor(ago / HOUR_MS), 'hour')}`;
  if (ago < 7 * DAY_MS) return `Último uso: ${relative.format(-Math.floor(ago / DAY_MS), 'day')}`;
  return `Último uso: el ${calendar.format(new Date(lastUsedAt))}`;
}

/** "Desde el 2 de marzo de 2026": when the session started. */
export function startedText(createdAt: string): string {
  return `Desde el ${calendar.format(new Date(createdAt))}`;
}

/** What the list calls a device the server could not name. */
export const deviceName = (userAgent: string | null): string =>
  userAgent ?? 'Dispositivo sin identificar';
