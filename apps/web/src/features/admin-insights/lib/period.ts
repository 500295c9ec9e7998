import { addDays, weekdayOfDate } from '@comanda/shared';

/**
 * The periods a manager picks from, as the URL names them (`?periodo=`), and how each reads on a
 * given day of the chain's calendar. Weeks start on Monday, as the chain's managers count them.
 */
export const PERIOD_PRESETS = [
  'hoy',
  'ayer',
  'semana',
  '7-dias',
  '30-dias',
  'mes',
  'personalizado',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type RelativePreset = Exclude<PeriodPreset, 'personalizado'>;

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  hoy: 'Hoy',
  ayer: 'Ayer',
  semana: 'Esta semana',
  '7-dias': 'Últimos 7 días',
  '30-dias': 'Últimos 30 días',
  mes: 'Este mes',
  personalizado: 'Personalizado',
};

/** What the screen shows with nothing chosen: the server's own default, the last seven days. */
export const DEFAULT_PRESET: RelativePreset = '7-dias';

export interface Period {
  from: string;
  to: string;
}

/** The days a preset covers when the chain's today is `today` (YYYY-MM-DD), both inclusive. */
export function presetPeriod(preset: RelativePreset, today: string): Period {
  switch (preset) {
    case 'hoy':
      return { from: today, to: today };
    case 'ayer': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'semana':
      // weekdayOfDate counts from Sunday (0): Monday is 0 days back, Sunday 6.
      return { from: addDays(today, -((weekdayOfDate(today) + 6) % 7)), to: today };
    case '7-dias':
      return { from: addDays(today, -6), to: today };
    case '30-dias':
      return { from: addDays(today, -29), to: today };
    case 'mes':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** Days from `from` to `to`, both counted. */
export function daysIn({ from, to }: Period): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}
