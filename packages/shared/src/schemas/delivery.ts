import { z } from 'zod';
import { wholeNumberQuery } from './common';
import { TEXT_MESSAGES, controlCharsProblem } from './text';

/**
 * Delivery before the cart: which neighbourhoods the chain serves, which branches reach one, at
 * what fee, minimum and estimate (`/api/delivery/…`), and what "Volver a pedir" keeps of an order.
 */

/** The longest neighbourhood asked about: a zone's name admits 120 characters. */
export const NEIGHBOURHOOD_MAX_LENGTH = 120;

export const DELIVERY_MESSAGES = {
  neighbourhoodRequired: 'Escribe o elige tu barrio.',
  neighbourhoodLong: `El barrio admite hasta ${NEIGHBOURHOOD_MAX_LENGTH} caracteres.`,
  /** Reorder: the order's saved address was deleted since. */
  addressGone: 'La dirección de ese pedido ya no está guardada. Elige otra dirección de entrega.',
} as const;

/**
 * `GET /api/delivery/neighbourhoods`: every neighbourhood some open-for-delivery branch serves, in
 * Spanish order, with its city (the first branch's to name it): the address form groups them.
 */
export const neighbourhoodListResponse = z.object({
  results: z.array(z.object({ name: z.string(), city: z.string() })),
});

/** `GET /api/delivery/coverage?neighbourhood=…`. Control characters, blank or too long: 400 in Spanish. */
export const coverageQuery = z.object({
  neighbourhood: z
    .string({ error: DELIVERY_MESSAGES.neighbourhoodRequired })
    .trim()
    .min(1, { error: DELIVERY_MESSAGES.neighbourhoodRequired })
    .max(NEIGHBOURHOOD_MAX_LENGTH, { error: DELIVERY_MESSAGES.neighbourhoodLong })
    .refine((value) => controlCharsProblem(value) === undefined, {
      error: TEXT_MESSAGES.controlChars,
    }),
});

/** An estimate in minutes from now: `[min, max]` (deliveryEstimate, decision 029). */
export const etaSchema = z.tuple([z.number().int(), z.number().int()]);

/** One branch that delivers to the neighbourhood asked about. */
export const coverageEntrySchema = z.object({
  branch: z.object({ id: z.number().int(), title: z.string() }),
  /** The zone's name as the branch writes it. */
  neighbourhood: z.string(),
  fee: z.number().int(),
  min_order: z.number().int(),
  /** Preparation + rush + the zone's delivery minutes (deliveryEstimate). */
  eta_min: z.number().int(),
  eta_max: z.number().int(),
  /** Open by its hours and not paused: branches not accepting orders now are listed after the others. */
  accepting_orders: z.boolean(),
  open_now: z.boolean(),
  /** When a timed pause ends (ISO); null when not paused or paused until the staff reopen. */
  resumes_at: z.string().nullable(),
  /** Closed by its hours or an exception: "Cerrada · abre hoy a las 11:30"; null while open. */
  closed: z.string().nullable(),
  /**
   * A timed pause: "Pausada hasta las 20:30"; null when not paused or paused until reopened.
   * Optional: an answer kept on a device before it (the worker's copies) lacks it.
   */
  paused: z.string().nullable().optional(),
});

/** Accepting branches first, then the lowest fee, then the shortest estimate. Empty when none reaches it. */
export const coverageResponse = z.object({ results: z.array(coverageEntrySchema) });

/** `GET /api/orders/{id}/reorder?branch_id=…`: what "Volver a pedir" keeps of an order at a branch. */
export const reorderQuery = z.object({
  branch_id: wholeNumberQuery('La sede no es válida.', 1).optional(),
});

export const reorderSchema = z.object({
  /** The order's own type, kept: 1 Recoger, 2 Domicilio. */
  type_delivery: z.union([z.literal(1), z.literal(2)]),
  /** The stored `delivery` value that keeps that type: 'domicilio' or 2 (a pickup branch). */
  delivery: z.union([z.literal('domicilio'), z.literal(2)]),
  /** The branch checked (the one asked about, else the order's own). */
  branch: z.object({ id: z.number().int(), title: z.string() }),
  /** Delivery: the order's saved address when it still exists and the branch still reaches it; else null. */
  address_id: z.number().int().nullable(),
  /** Why the address (or the type) cannot be kept, in Spanish, for the customer; null when everything is kept. */
  problem: z.string().nullable(),
});
export const reorderResponse = z.object({ results: reorderSchema });

export type NeighbourhoodList = z.infer<typeof neighbourhoodListResponse>;
export type CoverageEntry = z.infer<typeof coverageEntrySchema>;
export type Coverage = z.infer<typeof coverageResponse>;
export type Reorder = z.infer<typeof reorderSchema>;
