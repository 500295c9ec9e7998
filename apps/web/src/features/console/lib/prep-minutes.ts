import { PREP_MINUTES, prepMinutesSchema, queueMinutes, type PlacedOrder } from '@comanda/shared';

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

/**
 * The time Aceptar offers first (decision 037, the queue's): until the last unit of the orders
 * being accepted would be ready, counting the queue ahead of them but not themselves. Several
 * accepted together get one promise, that of the last of them; with none, the branch's usual time.
 */
export function usualMinutesFor(
  open: readonly PlacedOrder[],
  branch: { prep_minutes: number },
  now: Date,
  accepting: readonly PlacedOrder[] | null,
): number {
  if (!accepting || accepting.length === 0) return branch.prep_minutes;
  const ids = new Set(accepting.map((order) => order.id));
  const units = accepting.reduce((sum, order) => sum + order.quantity, 0);
  return queueMinutes(
    open.filter((order) => !ids.has(order.id)),
    branch,
    now,
    { units },
  );
}
