import { z } from 'zod';
import { toMinutes } from '../opening-hours';

/**
 * A category's or a product's dayparts as the back office sends and reads them (decision 047):
 * `[{ days: [1, 2, 3, 4, 5], from: '06:00', to: '11:00' }]`; an empty list means always offered.
 */

/** The most windows one category or product keeps: far above any real menu. */
export const DAYPARTS_MAX = 6;

export const DAYPART_MESSAGES = {
  list: 'Envía los horarios de venta como una lista.',
  tooMany: `Máximo ${DAYPARTS_MAX} horarios de venta.`,
  format: 'Escribe la hora como HH:MM, por ejemplo 06:00.',
  noSuchTime: (time: string) => `La hora ${time} no existe.`,
  startAt24: 'Un horario no puede empezar a las 24:00: empieza a las 00:00.',
  empty: (from: string) =>
    `El horario empieza y termina a las ${from}: indica una hora de fin distinta.`,
  noDays: 'Elige al menos un día para cada horario de venta.',
  day: 'El día de la semana no es válido.',
  dayRepeated: 'Un día está repetido en el mismo horario de venta.',
} as const;

/** HH:MM from 00:00 to 24:00; "25:00" or "10:75" is named as a time that does not exist. */
const clockTime = z.string({ error: DAYPART_MESSAGES.format }).superRefine((value, ctx) => {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) {
    ctx.addIssue({ code: 'custom', message: DAYPART_MESSAGES.format });
    return;
  }
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || minutes > 24 * 60)
    ctx.addIssue({ code: 'custom', message: DAYPART_MESSAGES.noSuchTime(value) });
});

const weekday = z
  .number({ error: DAYPART_MESSAGES.day })
  .int({ error: DAYPART_MESSAGES.day })
  .min(0, { error: DAYPART_MESSAGES.day })
  .max(6, { error: DAYPART_MESSAGES.day });

/**
 * One window. `to` at or before `from` runs past midnight (22:00–02:00), as branch hours do;
 * only an empty one (the same time twice) is refused; 00:00–24:00 is the whole day, and 24:00
 * may end a window but not start it.
 */
export const daypartSchema = z
  .object({
    days: z
      .array(weekday, { error: DAYPART_MESSAGES.noDays })
      .min(1, { error: DAYPART_MESSAGES.noDays })
      .max(7, { error: DAYPART_MESSAGES.dayRepeated })
      .refine((days) => new Set(days).size === days.length, {
        error: DAYPART_MESSAGES.dayRepeated,
      }),
    from: clockTime,
    to: clockTime,
  })
  .superRefine((window, ctx) => {
    if (window.from === '24:00')
      ctx.addIssue({ code: 'custom', path: ['from'], message: DAYPART_MESSAGES.startAt24 });
    else if (toMinutes(window.from) === toMinutes(window.to))
      ctx.addIssue({ code: 'custom', path: ['to'], message: DAYPART_MESSAGES.empty(window.from) });
  });

export const daypartsSchema = z
  .array(daypartSchema, { error: DAYPART_MESSAGES.list })
  .max(DAYPARTS_MAX, { error: DAYPART_MESSAGES.tooMany });
export type DaypartInput = z.infer<typeof daypartSchema>;
