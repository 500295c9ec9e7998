import { z } from 'zod';
import { formatMoney } from '../money';
import { foldText } from '../names';
import { toMinutes, type Interval } from '../opening-hours';
import { expectedVersion, moneySchema } from './admin';
import { isoDaySchema, listOf, oneOf } from './common';
import { CONSOLE_MESSAGES, prepMinutesSchema } from './console';
import { safeText, searchText } from './text';

/**
 * The back office's "Sedes": branches with their weekly hours, dated exceptions and delivery
 * zones (`/api/admin/branches…`), and the delivery-zone rule checkout and placement share.
 */

export const WEEKDAY_LABELS = [
  'Domingo',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
] as const;

/** The most ranges one day (or one exception) may have: far above any real schedule. */
export const RANGES_PER_DAY_MAX = 6;
/** The most exceptions and zones one branch keeps. */
export const BRANCH_EXCEPTIONS_MAX = 120;
export const BRANCH_ZONES_MAX = 200;
/** The longest trip a zone may take, in minutes; a new zone starts at the default. */
export const ZONE_MINUTES_MAX = 180;
export const ZONE_MINUTES_DEFAULT = 20;

export const ADMIN_BRANCH_MESSAGES = {
  titleRequired: 'El nombre de la sede es requerido.',
  titleLong: 'El nombre de la sede admite hasta 120 caracteres.',
  addressRequired: 'La dirección es requerida.',
  addressLong: 'La dirección admite hasta 200 caracteres.',
  phoneInvalid: 'El teléfono debe tener entre 7 y 10 números.',
  cityRequired: 'La ciudad es requerida.',
  cityLong: 'La ciudad admite hasta 80 caracteres.',
  flag: 'Indica sí o no.',
  serviceRequired: 'La sede debe ofrecer recogida en tienda, domicilio o ambos.',
  /** The console's own message: one rule (prepMinutesSchema), one text. */
  prepMinutes: CONSOLE_MESSAGES.prepMinutes,
  time: 'Escribe la hora como HH:MM (de 00:00 a 24:00).',
  weekday: 'El día de la semana no es válido.',
  emptyRange: (day: string) => `${day}: la hora de apertura y la de cierre no pueden ser iguales.`,
  overlap: (day: string) => `${day}: los horarios se cruzan entre sí.`,
  tooManyRanges: (day: string) => `${day}: máximo ${RANGES_PER_DAY_MAX} horarios por día.`,
  hoursList: 'Envía el horario de la semana como una lista.',
  date: 'Escribe la fecha como AAAA-MM-DD.',
  dateRepeated: (date: string) => `La fecha ${date} está repetida.`,
  specialNeedsRanges: (date: string) =>
    `${date}: indica al menos un horario o márcala como cerrada.`,
  closedHasRanges: (date: string) => `${date}: un día cerrado no lleva horarios.`,
  tooManyExceptions: `Máximo ${BRANCH_EXCEPTIONS_MAX} excepciones por sede.`,
  zoneRequired: 'El nombre del barrio o zona es requerido.',
  zoneLong: 'El nombre de la zona admite hasta 120 caracteres.',
  zoneRepeated: (zone: string) => `La zona ${zone} está repetida.`,
  zoneMinutes: `El tiempo de entrega debe estar entre 0 y ${ZONE_MINUTES_MAX} minutos.`,
  tooManyZones: `Máximo ${BRANCH_ZONES_MAX} zonas por sede.`,
  hiddenFlag: 'Indica si la sede queda oculta o visible.',
  search: 'La búsqueda no es válida.',
  notFound: 'Esa sede no existe.',
} as const;

const text = (required: string, long: string, max: number) =>
  safeText({ error: required }).pipe(
    z.string().min(1, { error: required }).max(max, { error: long }),
  );
const flag = z.boolean({ error: ADMIN_BRANCH_MESSAGES.flag });
const timeSchema = z
  .string({ error: ADMIN_BRANCH_MESSAGES.time })
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/, { error: ADMIN_BRANCH_MESSAGES.time });

// ---------------------------------------------------------------------------------------------
// Branch data
// ---------------------------------------------------------------------------------------------

/** `POST /api/admin/branches` and `PUT /api/admin/branches/{id}`. */
export const adminBranchBody = z
  .object({
    title: text(ADMIN_BRANCH_MESSAGES.titleRequired, ADMIN_BRANCH_MESSAGES.titleLong, 120),
    address: text(ADMIN_BRANCH_MESSAGES.addressRequired, ADMIN_BRANCH_MESSAGES.addressLong, 200),
    phone: z
      .string({ error: ADMIN_BRANCH_MESSAGES.phoneInvalid })
      .trim()
      .regex(/^[0-9]{7,10}$/, { error: ADMIN_BRANCH_MESSAGES.phoneInvalid }),
    city: text(ADMIN_BRANCH_MESSAGES.cityRequired, ADMIN_BRANCH_MESSAGES.cityLong, 80),
    pickup_available: flag,
    delivery_available: flag,
    prep_minutes: prepMinutesSchema,
    ...expectedVersion,
  })
  .refine((body) => body.pickup_available || body.delivery_available, {
    path: ['pickup_available'],
    error: ADMIN_BRANCH_MESSAGES.serviceRequired,
  });
export type AdminBranchBody = z.infer<typeof adminBranchBody>;

/** `PUT /api/admin/branches/{id}/visibility`: a hidden branch leaves the storefront; its orders stay. */
export const branchVisibilityBody = z.object({
  hidden: z.boolean({ error: ADMIN_BRANCH_MESSAGES.hiddenFlag }),
  ...expectedVersion,
});

export const adminBranchQuery = z.object({
  q: searchText({ max: 120, error: ADMIN_BRANCH_MESSAGES.search }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Weekly hours
// ---------------------------------------------------------------------------------------------

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** A range as minutes of the week; past midnight runs into the next day. */
function weekSpan(weekday: number, opens: string, closes: string) {
  const start = weekday * MINUTES_PER_DAY + toMinutes(opens);
  let end = weekday * MINUTES_PER_DAY + toMinutes(closes);
  if (end <= start) end += MINUTES_PER_DAY;
  return { start, end };
}

/** Whether two week spans share a minute, the week wrapping (Saturday night into Sunday). */
function overlaps(a: { start: number; end: number }, b: { start: number; end: number }) {
  return [-MINUTES_PER_WEEK, 0, MINUTES_PER_WEEK].some(
    (shift) => a.start < b.end + shift && b.start + shift < a.end,
  );
}

/**
 * Problems of a list of ranges, in Spanish: a range that opens and closes at the same time
 * (except 00:00–24:00, all day), too many in a day, or two that share a minute.
 */
function rangeProblems(ranges: readonly Interval[], label: (weekday: number) => string): string[] {
  const problems: string[] = [];
  for (const range of ranges) {
    if (toMinutes(range.opens) === toMinutes(range.closes))
      problems.push(ADMIN_BRANCH_MESSAGES.emptyRange(label(range.weekday)));
  }
  for (let weekday = 0; weekday < 7; weekday += 1) {
    if (ranges.filter((r) => r.weekday === weekday).length > RANGES_PER_DAY_MAX)
      problems.push(ADMIN_BRANCH_MESSAGES.tooManyRanges(label(weekday)));
  }
  const spans = ranges.map((r) => ({
    weekday: r.weekday,
    ...weekSpan(r.weekday, r.opens, r.closes),
  }));
  spans.forEach((a, i) => {
    spans.slice(i + 1).forEach((b) => {
      if (overlaps(a, b))
        problems.push(ADMIN_BRANCH_MESSAGES.overlap(label(Math.min(a.weekday, b.weekday))));
    });
  });
  return [...new Set(problems)];
}

export const weeklyRangeSchema = z.object({
  weekday: z
    .number({ error: ADMIN_BRANCH_MESSAGES.weekday })
    .int({ error: ADMIN_BRANCH_MESSAGES.weekday })
    .min(0, { error: ADMIN_BRANCH_MESSAGES.weekday })
    .max(6, { error: ADMIN_BRANCH_MESSAGES.weekday }),
  opens: timeSchema,
  closes: timeSchema,
});

/** `PUT /api/admin/branches/{id}/hours`: the whole week, replacing what was there. */
export const branchHoursBody = z
  .object({
    hours: z
      .array(weeklyRangeSchema, { error: ADMIN_BRANCH_MESSAGES.hoursList })
      .max(7 * RANGES_PER_DAY_MAX, { error: ADMIN_BRANCH_MESSAGES.hoursList }),
    ...expectedVersion,
  })
  .superRefine((body, ctx) => {
    const weekdayLabel = (weekday: number) => WEEKDAY_LABELS[weekday] ?? '';
    for (const message of rangeProblems(body.hours, weekdayLabel))
      ctx.addIssue({ code: 'custom', path: ['hours'], message });
  });
export type BranchHoursBody = z.infer<typeof branchHoursBody>;

// ---------------------------------------------------------------------------------------------
// Dated exceptions
// ---------------------------------------------------------------------------------------------

export const timeRangeSchema = z.object({ opens: timeSchema, closes: timeSchema });

export const dateExceptionSchema = z.object({
  date: isoDaySchema(ADMIN_BRANCH_MESSAGES.date),
  closed: flag,
  ranges: z
    .array(timeRangeSchema)
    .max(RANGES_PER_DAY_MAX, { error: ADMIN_BRANCH_MESSAGES.tooManyRanges('Ese día') }),
});
export type DateExceptionInput = z.infer<typeof dateExceptionSchema>;

/** `PUT /api/admin/branches/{id}/exceptions`: every dated exception, replacing what was there. */
export const branchExceptionsBody = z
  .object({
    exceptions: z
      .array(dateExceptionSchema)
      .max(BRANCH_EXCEPTIONS_MAX, { error: ADMIN_BRANCH_MESSAGES.tooManyExceptions }),
    ...expectedVersion,
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const exception of body.exceptions) {
      const issue = (message: string) =>
        ctx.addIssue({ code: 'custom', path: ['exceptions'], message });
      if (seen.has(exception.date)) issue(ADMIN_BRANCH_MESSAGES.dateRepeated(exception.date));
      seen.add(exception.date);
      if (exception.closed && exception.ranges.length > 0)
        issue(ADMIN_BRANCH_MESSAGES.closedHasRanges(exception.date));
      if (!exception.closed && exception.ranges.length === 0)
        issue(ADMIN_BRANCH_MESSAGES.specialNeedsRanges(exception.date));
      // The ranges of one date are checked as one day of the week would be.
      for (const message of rangeProblems(
        exception.ranges.map((r) => ({ weekday: 0, ...r })),
        () => exception.date,
      ))
        issue(message);
    }
  });
export type BranchExceptionsBody = z.infer<typeof branchExceptionsBody>;

// ---------------------------------------------------------------------------------------------
// Delivery zones
// ---------------------------------------------------------------------------------------------

export const deliveryZoneSchema = z.object({
  neighbourhood: text(ADMIN_BRANCH_MESSAGES.zoneRequired, ADMIN_BRANCH_MESSAGES.zoneLong, 120),
  /** Added to the order's total, in pesos. */
  fee: moneySchema,
  /** The least the order's products may add up to (before the fee), in pesos; 0 = no minimum. */
  min_order: moneySchema,
  /**
   * The trip from the branch to the zone, in minutes, added to the estimate the customer reads
   * (deliveryEstimate). Optional in a request: a zone sent without it keeps the minutes it had
   * (matched by name, accents and case aside), and a new one gets ZONE_MINUTES_DEFAULT.
   */
  delivery_minutes: z
    .number({ error: ADMIN_BRANCH_MESSAGES.zoneMinutes })
    .int({ error: ADMIN_BRANCH_MESSAGES.zoneMinutes })
    .min(0, { error: ADMIN_BRANCH_MESSAGES.zoneMinutes })
    .max(ZONE_MINUTES_MAX, { error: ADMIN_BRANCH_MESSAGES.zoneMinutes })
    .optional(),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;
/** A zone as stored and answered: its delivery minutes always known. */
export const storedDeliveryZoneSchema = deliveryZoneSchema.extend({
  delivery_minutes: z.number().int(),
});
export type StoredDeliveryZone = z.infer<typeof storedDeliveryZoneSchema>;

/** `PUT /api/admin/branches/{id}/zones`: every zone, replacing what was there. */
export const branchZonesBody = z
  .object({
    zones: z
      .array(deliveryZoneSchema)
      .max(BRANCH_ZONES_MAX, { error: ADMIN_BRANCH_MESSAGES.tooManyZones }),
    ...expectedVersion,
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const zone of body.zones) {
      const key = foldText(zone.neighbourhood);
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['zones'],
          message: ADMIN_BRANCH_MESSAGES.zoneRepeated(zone.neighbourhood),
        });
      seen.add(key);
    }
  });
export type BranchZonesBody = z.infer<typeof branchZonesBody>;

export const DELIVERY_ZONE_MESSAGES = {
  /** Checkout shows it next to the total; placement refuses with the same words plus what is missing. */
  minimum: (zone: string, min: number) => `Pedido mínimo para ${zone}: ${formatMoney(min)}.`,
  belowMinimum: (zone: string, min: number, missing: number) =>
    `Pedido mínimo para ${zone}: ${formatMoney(min)}. Te faltan ${formatMoney(missing)} para poder enviarlo.`,
} as const;

/** The zone a delivery address falls in, accents and case aside; undefined when none reaches it. */
export function zoneFor<Z extends { neighbourhood: string }>(
  zones: readonly Z[],
  neighbourhood: string,
): Z | undefined {
  const wanted = foldText(neighbourhood);
  return zones.find((zone) => foldText(zone.neighbourhood) === wanted);
}

/**
 * What a delivery to `zone` costs and whether the products reach its minimum. `subtotal` is the
 * products' total; the fee is added on top and does not count towards the minimum. Checkout and
 * placement both ask this, so they show and enforce the same figures and words.
 */
export function deliveryCharge(
  zone: Pick<DeliveryZone, 'neighbourhood' | 'fee' | 'min_order'>,
  subtotal: number,
) {
  const missing = Math.max(0, zone.min_order - subtotal);
  return {
    fee: zone.fee,
    total: subtotal + zone.fee,
    missing,
    problem:
      missing > 0
        ? DELIVERY_ZONE_MESSAGES.belowMinimum(zone.neighbourhood, zone.min_order, missing)
        : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const adminBranchSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  address: z.string(),
  phone: z.string(),
  city: z.string(),
  pickup_available: z.boolean(),
  delivery_available: z.boolean(),
  prep_minutes: z.number().int(),
  /** Hidden from the storefront (its orders keep pointing at it). */
  hidden: z.boolean(),
  position: z.number().int(),
  hours: z.array(weeklyRangeSchema),
  exceptions: z.array(dateExceptionSchema),
  zones: z.array(storedDeliveryZoneSchema),
  /** Scheduled orders taken per 15-minute slot; null = unlimited. */
  orders_per_slot: z.number().int().nullable(),
  /** Units of products taken per 15-minute slot; null = unlimited. */
  units_per_slot: z.number().int().nullable(),
  /** The branch's staff may change `orders_per_slot` from the console (decision 090). */
  staff_sets_capacity: z.boolean(),
  /** Raised by every change of the branch, its hours, exceptions or zones (decision 032). */
  version: z.number().int(),
});
export type AdminBranch = z.infer<typeof adminBranchSchema>;

export const adminBranchListResponse = listOf(adminBranchSchema);
export const adminBranchResponse = oneOf(adminBranchSchema);
