import { z } from 'zod';
import { expectedVersion } from './admin';
import { isoDaySchema, wholeNumberSchema } from './common';

export const SCHEDULE_MESSAGES = {
  invalidTime: 'Elige una franja de la lista para programar tu pedido.',
  tooFar: 'Solo puedes programar pedidos para hoy y los próximos 6 días.',
  outsideHours: (title: string) => `${title} no atiende en esa franja. Elige otra.`,
  tooSoon: (clock: string) =>
    `Esa franja ya no alcanza a prepararse. Elige una desde las ${clock}.`,
  slotFull: 'Esa franja se llenó mientras elegías. Elige otra.',
  paused: (title: string) => `${title} no recibe pedidos para esa franja. Elige otra.`,
  cancelFired: 'Tu pedido ya está en preparación y no se puede cancelar.',
  cancelNotScheduled:
    'Solo puedes cancelar un pedido programado antes de que empiece a prepararse.',
  cancelled: 'Cancelado por el cliente',
  capacityInvalid: 'Escribe un número entero de 0 a 500, o déjalo vacío para no limitar.',
  dateInvalid: 'Escribe la fecha como AAAA-MM-DD.',
} as const;

export const slotsQuery = z.object({
  date: isoDaySchema(SCHEDULE_MESSAGES.dateInvalid),
});

export const slotSchema = z.object({
  /** The slot's start and end, ISO 8601 instants. */
  start: z.string(),
  end: z.string(),
  /** False when full, too soon (within the lead time) or in the past. */
  available: z.boolean(),
  /** Taken up to its capacity. */
  full: z.boolean(),
});

export const slotsResponse = z.object({
  results: z.array(slotSchema),
  /** Whether the branch takes orders as soon as possible right now, and in how many minutes (a range). */
  asap: z.object({
    available: z.boolean(),
    eta: z.tuple([z.number().int(), z.number().int()]).nullable(),
    /** "Cerrada · abre hoy a las 11:30" when closed; null when open. */
    closed: z.string().nullable(),
  }),
});
export type Slot = z.infer<typeof slotSchema>;
export type SlotsAnswer = z.infer<typeof slotsResponse>;

/** Scheduled orders (or units) a 15-minute slot takes: 0–500, null = unlimited. */
export const perSlot = wholeNumberSchema(SCHEDULE_MESSAGES.capacityInvalid, 0, 500).nullable();

/**
 * `PUT /api/admin/branches/{id}/capacity`: null = unlimited; units may be left out (unchanged),
 * and so may whether the branch's staff may change it from the console (decision 090).
 */
export const branchCapacityBody = z.object({
  orders_per_slot: perSlot,
  units_per_slot: perSlot.optional(),
  staff_sets_capacity: z
    .boolean({ error: 'Indica si el personal de la sede puede cambiarla' })
    .optional(),
  ...expectedVersion,
});
export type BranchCapacityBody = z.input<typeof branchCapacityBody>;
