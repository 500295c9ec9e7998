import { PREP_MINUTES, prepMinutesSchema } from '@comanda/shared';

/** What the console says under a preparation time it cannot take. */
export const PREP_MINUTES_HINT = `Escribe un número de ${PREP_MINUTES.min} a ${PREP_MINUTES.max} minutos.`;

/**
 * The minutes typed in a console field, or null when the shared rule (prepMinutesSchema, the one
 * the server applies) refuses them. Only digits count as a number here: "1e2" or "0x1f" are not
 * what a cook means.
 */
export function readPrepMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[0-9]+$/.test(trimmed)) return null;
  const parsed = prepMinutesSchema.safeParse(Number(trimmed));
  return parsed.success ? parsed.data : null;
}
