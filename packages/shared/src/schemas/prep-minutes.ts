import { z } from 'zod';
import { oneOf } from './common';

/**
 * The minutes Aceptar offers first for one or several new orders accepted together (decision
 * 088): the server's queue, by station when the stations are measured. `orders`: their ids,
 * comma-separated.
 */
export const suggestedPrepMinutesQuery = z.object({
  orders: z
    .string({ error: 'Indica los pedidos, separados por comas.' })
    .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, { error: 'Indica de 1 a 50 pedidos, separados por comas.' })
    .transform((text) => text.split(',').map(Number)),
});

export const suggestedPrepMinutesSchema = z.object({ minutes: z.number().int().min(1) });

export const suggestedPrepMinutesResponse = oneOf(suggestedPrepMinutesSchema);
export type SuggestedPrepMinutes = z.infer<typeof suggestedPrepMinutesSchema>;
