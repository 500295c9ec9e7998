import { formatMoney, weekdayOfDate } from '@comanda/shared';

/**
 * The figures of Informes in the chain's way of writing them: "1.250" orders, "87,5 %", money
 * through the shared `formatMoney` ("$12.500"), short money on an axis ("$1,2 M").
 */
export const formatCount = (value: number) =>
  `${value < 0 ? '-' : ''}${String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, '.')}`;

const oneDecimal = (value: number) => String(Math.round(value * 10) / 10).replace('.', ',');

export const formatPct = (value: number | null) =>
  value === null ? '—' : `${oneDecimal(value)} %`;

/** An axis label: "$850", "$12 mil", "$1,2 M". */
export function shortMoney(value: number): string {
  const size = Math.abs(value);
  if (size >= 1_000_000) return `$${oneDecimal(value / 1_000_000)} M`;
  if (size >= 1_000) return `$${oneDecimal(value / 1_000)} mil`;
  return formatMoney(value);
}

const WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'] as const;
/** Monday first, as the heatmap's rows (weekday 1 = Monday … 7 = Sunday). */
export const WEEKDAY_NAMES = [
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
] as const;

/** "30/11" for an axis. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** "lun 30/11" for a table row. */
export const dayName = (day: string) => `${WEEKDAYS[weekdayOfDate(day)]} ${shortDay(day)}`;

/** "14:00" for an hour of the chain's day (0–23 or "14"). */
export const hourName = (hour: number | string) => `${String(hour).padStart(2, '0')}:00`;

/** The period as a sentence part: "del lun 03/11 al mié 02/12", or "del lun 03/11" for one day. */
export const periodName = (period: { from: string; to: string }) =>
  period.from === period.to
    ? `del ${dayName(period.from)}`
    : `del ${dayName(period.from)} al ${dayName(period.to)}`;
