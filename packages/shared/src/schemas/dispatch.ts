import { z } from 'zod';
import { idParamSchema, idSchema, isoDaySchema, listOf, oneOf, wholeNumberSchema } from './common';
import { orderStatusSchema, paymentStatusSchema } from './orders';

/**
 * A branch's own couriers (decision 068): shifts, trips of one or more delivery orders handed to
 * one courier in delivery order, the courier's phone position while a trip runs, and the cash each
 * shift hands in. `/api/staff/…` for the counter, `/api/courier/…` for the courier's phone.
 */

export const DISPATCH_MESSAGES = {
  courierUnknown: 'Ese domiciliario no trabaja en esta sede.',
  courierOffShift: 'Ese domiciliario no está en turno.',
  courierBusy: 'Ese domiciliario ya tiene un viaje. Agrega los pedidos a ese viaje o elige otro.',
  ordersRequired: 'Elige al menos un pedido para el viaje.',
  ordersTooMany: 'Un viaje lleva hasta 8 pedidos.',
  orderUnknown: 'No encontramos ese pedido.',
  orderOtherBranch: 'Todos los pedidos del viaje deben ser de la misma sede.',
  orderNotDelivery: (id: number) => `El pedido #${id} no es a domicilio.`,
  orderNotDispatchable: (id: number) => `El pedido #${id} todavía no se puede despachar.`,
  orderInTrip: (id: number) => `El pedido #${id} ya va en otro viaje.`,
  tripUnknown: 'No encontramos ese viaje.',
  tripDeparted: 'El domiciliario ya salió: el viaje no se puede cambiar.',
  tripNotYours: 'Ese viaje no es tuyo.',
  notReadyToLeave: (id: number) => `El pedido #${id} aún no está listo.`,
  tripEmpty: 'El viaje ya no tiene pedidos por entregar.',
  notOnTheWay: 'Ese pedido no está en camino.',
  reasonRequired: 'Elige por qué no se pudo entregar.',
  shiftBranch: 'Elige la sede de tu turno.',
  shiftOpenTrip: 'Termina o devuelve tu viaje antes de cerrar el turno.',
  shiftOff: 'Empieza tu turno para recibir pedidos.',
  shiftUnknown: 'No encontramos ese turno.',
  shiftOpen: 'El domiciliario aún está en turno: debe terminarlo antes del cierre.',
  shiftClosed: 'Ese turno ya se cerró.',
  cashRequired: 'Escribe el efectivo que entregó el domiciliario.',
  noteTooLong: 'La nota admite hasta 200 caracteres.',
  position: 'La ubicación no es válida.',
} as const;

/** Why a courier could not deliver: what the branch's board then reads on the order. */
export const FAIL_REASONS = ['no_answer', 'wrong_address', 'refused'] as const;
export type FailReason = (typeof FAIL_REASONS)[number];
export const FAIL_REASON_TEXT: Record<FailReason, string> = {
  no_answer: 'No contestó',
  wrong_address: 'Dirección errada',
  refused: 'Rechazó el pedido',
};

/** Where a courier stands for the counter. */
export const COURIER_STATES = ['off_shift', 'available', 'assigned', 'out'] as const;
export type CourierState = (typeof COURIER_STATES)[number];

export const TRIP_STATUSES = ['assigned', 'out', 'done'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** The most orders one trip carries. */
export const MAX_TRIP_ORDERS = 8;

/** One stop of a trip: what the courier needs at the door, nothing more. */
export const tripStopSchema = z.object({
  order_id: z.number().int(),
  /** 1 = first to deliver. */
  position: z.number().int(),
  status: orderStatusSchema,
  /** The customer's first name only. */
  customer_name: z.string(),
  customer_phone: z.string(),
  address: z.string(),
  neighbourhood: z.string().nullable(),
  address_notes: z.string().nullable(),
  /** What the customer pays for the order, whole pesos (the sale, without the tip). */
  total: z.number().int(),
  /** The customer's tip for the courier (decision 085), on top of `total`; 0: none. */
  tip: z.number().int(),
  payment: z.string(),
  /** `approved` (or refunded) when paid online: nothing to collect. */
  payment_status: paymentStatusSchema.nullable(),
  /** Cash to collect at the door (`total + tip`); 0 when paid online. */
  collect: z.number().int(),
  /** What the customer said they pay with; null when not said or not cash. */
  pay_with: z.number().int().nullable(),
  /** The change to carry (`pay_with − collect`); null when nothing was said. */
  change: z.number().int().nullable(),
  /** Null while pending; `delivered`, or `failed` with its reason. */
  outcome: z.enum(['delivered', 'failed']).nullable(),
  fail_reason: z.string().nullable(),
  /** The estimated arrival at this stop (ISO), from the courier's position when known. */
  arrives_at: z.string().nullable(),
});

export const tripSchema = z.object({
  id: z.number().int(),
  /** `city`: the branch's, which its delivery addresses share (the courier's maps link names it). */
  branch: z.object({
    id: z.number().int(),
    title: z.string(),
    address: z.string(),
    city: z.string(),
  }),
  courier: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(TRIP_STATUSES),
  stops: z.array(tripStopSchema),
  created_at: z.string(),
  departed_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** When the courier is expected back at the branch (ISO); null once done. */
  returns_at: z.string().nullable(),
});
export type Trip = z.infer<typeof tripSchema>;
export type TripStop = z.infer<typeof tripStopSchema>;

export const courierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  on_shift: z.boolean(),
  state: z.enum(COURIER_STATES),
  /** Available since (ISO): the longest-waiting courier is offered first. */
  waiting_since: z.string().nullable(),
  /** The open trip (assigned or out), if any. */
  trip: tripSchema.nullable(),
  /** The open shift's id, for its close at the end of the night; null when off shift. */
  shift_id: z.number().int().nullable(),
});
export type Courier = z.infer<typeof courierSchema>;
export const courierListResponse = listOf(courierSchema);

const orderIds = z
  .array(idSchema(DISPATCH_MESSAGES.orderUnknown), { error: DISPATCH_MESSAGES.ordersRequired })
  .min(1, { error: DISPATCH_MESSAGES.ordersRequired })
  .max(MAX_TRIP_ORDERS, { error: DISPATCH_MESSAGES.ordersTooMany })
  .refine((ids) => new Set(ids).size === ids.length, { error: DISPATCH_MESSAGES.ordersRequired });
const courierId = idSchema(DISPATCH_MESSAGES.courierUnknown);

/** `POST /api/staff/trips`: the orders in the order the courier should deliver them. */
export const createTripBody = z.object({ courier_id: courierId, order_ids: orderIds });
export type CreateTripBody = z.infer<typeof createTripBody>;
/** `PUT /api/staff/trips/{id}` before it leaves: another courier, and/or the orders again in a new order. */
export const updateTripBody = z
  .object({ courier_id: courierId.optional(), order_ids: orderIds.optional() })
  .refine((body) => body.courier_id !== undefined || body.order_ids !== undefined, {
    error: DISPATCH_MESSAGES.ordersRequired,
    path: ['order_ids'],
  });
export type UpdateTripBody = z.infer<typeof updateTripBody>;
export const tripResponse = oneOf(tripSchema);

/** A courier's shift and its money: expected is the cash of the orders delivered. */
export const shiftSchema = z.object({
  id: z.number().int(),
  courier: z.object({ id: z.number().int(), name: z.string() }),
  branch: z.object({ id: z.number().int(), title: z.string() }),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** Cash the delivered orders were to bring in. */
  cash_expected: z.number().int(),
  cash_handed_in: z.number().int().nullable(),
  /** handed in − expected: negative is cash missing. Null until closed. */
  difference: z.number().int().nullable(),
  note: z.string().nullable(),
  /** The delivery fees of the orders delivered. */
  fees: z.number().int(),
});
export type Shift = z.infer<typeof shiftSchema>;
export const shiftResponse = oneOf(shiftSchema);
export const shiftListResponse = listOf(shiftSchema);

/** `POST /api/courier/shift`: start (at one of the courier's branches) or end the shift. */
export const shiftBody = z.object({
  on: z.boolean({ error: DISPATCH_MESSAGES.shiftBranch }),
  branch_id: courierId.optional(),
});
export type ShiftBody = z.infer<typeof shiftBody>;

/** `POST /api/staff/shifts/{id}/close`: the cash the courier handed in, and a note for a difference. */
export const shiftCloseBody = z.object({
  cash_handed_in: wholeNumberSchema(DISPATCH_MESSAGES.cashRequired, 0, 100_000_000),
  note: z
    .string({ error: DISPATCH_MESSAGES.noteTooLong })
    .trim()
    .max(200, { error: DISPATCH_MESSAGES.noteTooLong })
    .optional(),
});
export type ShiftCloseBody = z.infer<typeof shiftCloseBody>;

/** `GET /api/courier/trips/current`: the courier's shift and open trip, either may be null. */
export const currentTripResponse = z.object({
  results: tripSchema.nullable(),
  shift: shiftSchema.nullable(),
  /** The courier's branches, for the shift's start. */
  branches: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type CurrentTrip = z.infer<typeof currentTripResponse>;

/** `POST /api/courier/orders/{id}/failed`. */
export const failBody = z.object({
  reason: z.enum(FAIL_REASONS, { error: DISPATCH_MESSAGES.reasonRequired }),
});
export type FailBody = z.infer<typeof failBody>;

/** `POST /api/courier/position`: the phone's fix (degrees, metres). */
export const positionBody = z.object({
  lat: z.number({ error: DISPATCH_MESSAGES.position }).min(-90).max(90),
  lng: z.number({ error: DISPATCH_MESSAGES.position }).min(-180).max(180),
  accuracy: z.number({ error: DISPATCH_MESSAGES.position }).min(0).max(100_000),
});
export type PositionBody = z.infer<typeof positionBody>;
/** Kept: a trip was running and took it; false means nothing was stored. */
export const positionResponse = oneOf(z.object({ kept: z.boolean() }));

export const tripParams = z.object({ id: idParamSchema });
export const shiftsQuery = z.object({ date: isoDaySchema().optional() });

/**
 * What an order answer says about its courier once assigned: the first name, for the customer and
 * the board alike (the board reads the rest from the couriers' list).
 */
export const orderCourierSchema = z.object({ name: z.string() }).nullable();

/** When the order should reach the door (ISO range), moved by the courier's position. */
export const arrivalSchema = z.object({ from: z.string(), to: z.string() }).nullable();

/** `eta`, to the order's customer: the arrival estimate moved. */
export const etaEventSchema = z.object({
  order_id: z.number().int(),
  courier: z.object({ name: z.string() }),
  arrival: z.object({ from: z.string(), to: z.string() }),
  at: z.string(),
});
/** `trip`, to the courier and the branch's staff: a trip was made, changed, left or finished. */
export const tripEventSchema = tripSchema;
/** `couriers`, to the branch's staff: a courier's shift or state changed; read the list again. */
export const couriersEventSchema = z.object({ branch_id: z.number().int() });

export type EtaEvent = z.infer<typeof etaEventSchema>;
