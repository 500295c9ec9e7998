import { dateFormat } from '@/lib/date-format';

const dayFormatter = dateFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "sábado, 14 de junio" for 2030-06-14: a calendar day, read at UTC so no zone can shift it. */
export function formatDay(isoDate: string): string {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  return dayFormatter.format(new Date(Date.UTC(y, m - 1, d)));
}
