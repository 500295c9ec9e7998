import { z } from 'zod';
import { orderChannelSchema } from './order-channel';
import { idParamSchema, isoDaySchema, listOf, oneOf } from './common';
import { REASONED_STOPS, statusIn } from '../order-status';
import { orderStatusSchema, paymentStatusSchema, type OrderStatus } from './orders';
import { perSlot } from './scheduling';
import { safeText, searchText } from './text';

/**
 * The branch console's wire contract: what a branch's staff read and send to run their service
 * (the board, answering orders, the branch's switches, the day's summary), and the real-time
 * events the console and the storefront hear. The server validates with these; /panel reuses them.
 */

/** Preparation time a branch promises when it accepts an order, in minutes. */
export const PREP_MINUTES = { min: 1, max: 180, choices: [10, 15, 20, 30, 45] } as const;

/** "Pausar pedidos" for a number of minutes (0 resumes); `until_reopened` has no end time. */
export const PAUSE_MINUTES = { max: 1440, choices: [15, 30, 60] } as const;

/** "Alta demanda": minutes added to every promised time while on (0 ends it). */
export const RUSH_MINUTES = { max: 120, choices: [10, 15, 20, 30] } as const;

/**
 * The fixed reasons the console offers when cancelling an accepted order, by its type (1
 * Recoger, 2 Domicilio: a pickup has no courier to fail); "Otro" too.
 */
export const CANCEL_REASONS = {
  1: ['El cliente lo canceló', 'El cliente no vino a recogerlo', 'Producto agotado'],
  2: ['El cliente lo canceló', 'El domiciliario no llegó', 'Producto agotado'],
} as const;

/**
 * The fixed reasons the console offers when rejecting, by the order's type (a pickup is never
 * out of the delivery zone); "Otro" lets staff type their own.
 */
export const REJECT_REASONS = {
  1: ['Producto agotado', 'Cocina saturada'],
  2: ['Producto agotado', 'Cocina saturada', 'Fuera de zona de cobertura'],
} as const;
export const REJECT_REASON_OTHER = 'Otro';
export const REJECT_REASON_MAX = 200;

/** What the board shows: every order the branch still has to act on. */
export const OPEN_ORDER_STATUSES = [
  'received',
  'accepted',
  'preparing',
  'ready',
  'on_the_way',
] as const satisfies readonly OrderStatus[];

export const CONSOLE_MESSAGES = {
  orderNotFound: 'No encontramos ese pedido.',
  productNotFound: 'No encontramos ese producto.',
  optionNotFound: 'No encontramos esa opción.',
  branchNotFound: 'No encontramos esa sede.',
  prepMinutes: `El tiempo de preparación debe estar entre ${PREP_MINUTES.min} y ${PREP_MINUTES.max} minutos.`,
  prepOnlyOnAccept: 'El tiempo de preparación solo se indica al aceptar un pedido.',
  reasonRequired: 'Indica el motivo del rechazo.',
  cancelReasonRequired: 'Indica el motivo de la cancelación.',
  reasonTooLong: `El motivo debe tener máximo ${REJECT_REASON_MAX} caracteres.`,
  reasonOnlyOnReject: 'El motivo solo se indica al rechazar o cancelar un pedido.',
  pauseMinutes: `La pausa debe ser de 0 a ${PAUSE_MINUTES.max} minutos.`,
  pauseChoice: 'Indica los minutos de pausa o pausa hasta reabrir, no ambos.',
  rushMinutes: `Los minutos extra deben estar entre 0 y ${RUSH_MINUTES.max}.`,
  soldOut: 'Indica si el producto está agotado (true o false).',
  settingsEmpty: 'Indica al menos un ajuste para cambiar.',
  capacityByAdmin:
    'La capacidad por franja de esta sede la cambia la administración: pídele que te lo permita.',
  dateInvalid: 'La fecha debe tener la forma AAAA-MM-DD.',
  scopeInvalid:
    'El alcance debe ser open: los pedidos de un día están en /api/staff/branches/{id}/orders.',
  searchTooLong: 'La búsqueda es demasiado larga.',
  transition: (from: string, to: string) =>
    `Un pedido ${from.toLowerCase()} no puede pasar a ${to.toLowerCase()}.`,
} as const;

const minutes = (max: number, message: string, min = 0) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/**
 * A preparation time, in minutes: a whole number from PREP_MINUTES.min to PREP_MINUTES.max. The
 * one rule for accepting with a time, the branch's usual time (console and back office) and the
 * console's forms.
 */
export const prepMinutesSchema = minutes(
  PREP_MINUTES.max,
  CONSOLE_MESSAGES.prepMinutes,
  PREP_MINUTES.min,
);

const day = isoDaySchema(CONSOLE_MESSAGES.dateInvalid);

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/staff/orders/{id}/status`. `status` is the target: the server takes the shared
 * graph's steps to it (statusPath: an accepted order passes through "En preparación" to
 * "Listo"). Accepting may say how long it will take (default: the branch's usual time);
 * rejecting must say why — one of REJECT_REASONS, or the text typed under "Otro"; cancelling may
 * (the console always asks: CANCEL_REASONS), and the customer reads it as a rejection's. Each
 * extra field belongs to its own status only.
 */
export const statusChangeBody = z
  .object({
    status: orderStatusSchema,
    prep_minutes: prepMinutesSchema.optional(),
    reason: safeText({ error: CONSOLE_MESSAGES.reasonRequired })
      .min(1, { error: CONSOLE_MESSAGES.reasonRequired })
      .max(REJECT_REASON_MAX, { error: CONSOLE_MESSAGES.reasonTooLong })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && body.reason === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: CONSOLE_MESSAGES.reasonRequired });
    }
    if (!statusIn(REASONED_STOPS, body.status) && body.reason !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: CONSOLE_MESSAGES.reasonOnlyOnReject,
      });
    }
    if (body.status !== 'accepted' && body.prep_minutes !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['prep_minutes'],
        message: CONSOLE_MESSAGES.prepOnlyOnAccept,
      });
    }
  });

/**
 * `GET /api/staff/orders`: the board, a branch's open orders oldest first. `scope=open` is the
 * only scope (and the default): a day's orders are `GET /api/staff/branches/{id}/orders`.
 */
export const staffOrdersQuery = z.object({
  branch_id: idParamSchema,
  scope: z.enum(['open'], { error: CONSOLE_MESSAGES.scopeInvalid }).default('open'),
});

// ---------------------------------------------------------------------------------------------
// Branch controls
// ---------------------------------------------------------------------------------------------

/** What the console knows about its branch; `accepting_orders` and `resumes_at` are public too. */
export const branchConsoleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Open by its hours and not paused. */
  accepting_orders: z.boolean(),
  open_now: z.boolean(),
  /** Why a branch is closed now: its weekly hours or a dated exception; null when open. */
  closed_by: z.enum(['hours', 'exception']).nullable(),
  /** When a closed branch opens again ("Abre hoy a las 18:00"); null when open or never. */
  reopens: z.string().nullable(),
  paused: z.boolean(),
  /** Paused with no end: only staff reopen it. */
  until_reopened: z.boolean(),
  /** When a timed pause ends (ISO); null when not paused or paused until reopened. */
  resumes_at: z.string().nullable(),
  prep_minutes: z.number().int(),
  rush_minutes: z.number().int(),
  auto_print: z.boolean(),
  /** Scheduled orders are accepted when placed and go to En preparación at their fire time. */
  auto_accept_scheduled: z.boolean(),
  /** Delivery orders still "En preparación" may be handed to a courier (decision 068). */
  dispatch_from_preparing: z.boolean(),
  /** A delivery order turning "Listo" goes to the longest-waiting available courier by itself. */
  auto_offer_courier: z.boolean(),
  /** Scheduled orders taken per 15-minute slot; null = unlimited. */
  orders_per_slot: z.number().int().nullable(),
  /** Whether the branch's staff may change `orders_per_slot` here (decision 090). */
  staff_sets_capacity: z.boolean(),
});

export const branchConsoleResponse = oneOf(branchConsoleSchema);
export const branchConsoleListResponse = listOf(branchConsoleSchema);

/** `{minutes: 30}` pauses for 30 minutes, `{minutes: 0}` resumes, `{until_reopened: true}` pauses with no end. */
export const pauseBody = z
  .object({
    minutes: minutes(PAUSE_MINUTES.max, CONSOLE_MESSAGES.pauseMinutes).optional(),
    until_reopened: z.literal(true, { error: CONSOLE_MESSAGES.pauseChoice }).optional(),
  })
  .refine((body) => (body.minutes === undefined) !== (body.until_reopened === undefined), {
    path: ['minutes'],
    error: CONSOLE_MESSAGES.pauseChoice,
  });

export const rushBody = z.object({
  extra_minutes: minutes(RUSH_MINUTES.max, CONSOLE_MESSAGES.rushMinutes),
});

export const settingsBody = z
  .object({
    auto_print: z.boolean().optional(),
    auto_accept_scheduled: z.boolean().optional(),
    prep_minutes: prepMinutesSchema.optional(),
    dispatch_from_preparing: z.boolean().optional(),
    auto_offer_courier: z.boolean().optional(),
    /** The slot capacity, when the back office lets the branch's staff set it (decision 090). */
    orders_per_slot: perSlot.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    path: ['_'],
    error: CONSOLE_MESSAGES.settingsEmpty,
  });

export const branchProductParams = z.object({ id: idParamSchema, productId: idParamSchema });

export const availabilityBody = z.object({
  sold_out: z.boolean({ error: CONSOLE_MESSAGES.soldOut }),
});

export const branchOptionParams = z.object({ id: idParamSchema, optionId: idParamSchema });

/** An option of a product's group as a branch's "Agotado" switches list it (decision 050). */
export const branchOptionSchema = z.object({
  option_id: z.number().int(),
  product_id: z.number().int(),
  /** The option group's title ("Adiciones"). */
  group: z.string(),
  title: z.string(),
  sold_out: z.boolean(),
});

/** A product as a branch's "Agotado" switches list it. */
export const branchProductSchema = z.object({
  product_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: z.string(),
  category: z.object({ slug: z.string(), title: z.string() }),
  /** false: the branch does not sell it at all (no switch to show). */
  offered: z.boolean(),
  sold_out: z.boolean(),
  /** Its visible options, each with its own switch ("sin aguacate hoy"), in menu order. */
  options: z.array(branchOptionSchema),
});

export const branchOptionResponse = oneOf(branchOptionSchema);
export const branchProductListResponse = listOf(branchProductSchema);
export const branchProductResponse = oneOf(branchProductSchema);

// ---------------------------------------------------------------------------------------------
// The day's summary
// ---------------------------------------------------------------------------------------------

export const summaryQuery = z.object({ date: day.optional() });

/**
 * `GET /api/staff/branches/{id}/orders`: one calendar day on the chain's clock (default today),
 * any status, newest first, searchable: "#12" is order 12; digits are an order number or part of
 * a phone; text is part of a name or phone.
 */
export const dayOrdersQuery = summaryQuery.extend({
  q: searchText({ max: 80, error: CONSOLE_MESSAGES.searchTooLong }).optional(),
});

/**
 * One order on Día: what its row shows and no more (decision 058). The whole order, with its
 * lines and steps, is the board's and the order page's; a busy day is hundreds of rows.
 */
export const dayOrderSchema = z.object({
  id: z.number().int(),
  /** When it was placed (ISO). */
  placed_at: z.string(),
  status: orderStatusSchema,
  status_text: z.string(),
  /** Why the branch rejected it; null unless rejected. */
  reject_reason: z.string().nullable(),
  type_delivery: z.union([z.literal(1), z.literal(2)]),
  /** The payment method's name, as the customer chose it. */
  payment: z.string(),
  /** Null unless paid online; refunds it gave back in `refunded_amount` (decision 061). */
  payment_status: paymentStatusSchema.nullable(),
  refunded_amount: z.number().int(),
  /** What the customer pays, discount and delivery fee included. */
  total: z.number().int(),
  /** The courier's tip, paid with the order but not in `total` (decision 085); 0: none. */
  tip: z.number().int(),
  /** Who ordered: the account's name and the phone the order was placed with. */
  customer: z.object({ name: z.string(), phone: z.string() }),
  /** The delivery fee the total includes; 0 for a pickup. */
  delivery_fee: z.number().int(),
  /** From accepting to the time promised, whole minutes; null until accepted. */
  promised_minutes: z.number().int().nullable(),
  /**
   * From accepting to when the promise was met (a pickup first ready, a delivery delivered:
   * `promiseMetAt`), whole minutes; null until then.
   */
  actual_minutes: z.number().int().nullable(),
});

export const dayOrdersResponse = z.object({ results: z.array(dayOrderSchema) });

/** The day as CSV: its header row, one row per order (GET …/day.csv). */
export const DAY_CSV_HEADER = [
  'Pedido',
  'Hora',
  'Estado',
  'Tipo',
  'Pago',
  'Cliente',
  'Celular',
  'Productos',
  'Domicilio',
  'Total',
  'Descuento',
  /** The courier's tip: not in Total, never a sale (decision 085). */
  'Propina',
  'Reembolsado',
  'Cuenta como venta',
  'Minutos prometidos',
  'Minutos reales',
  'Motivo',
  'Domiciliario',
  /** Where it came from: Web, Teléfono or Mostrador (decision 087). */
  'Canal',
] as const;

/** The statuses that count as a sale: the branch took the order on and did not call it off. */
export const SALE_STATUSES = [
  'accepted',
  'preparing',
  'ready',
  'on_the_way',
  'delivered',
] as const satisfies readonly OrderStatus[];

const figures = { orders: z.number().int(), total: z.number().int() };

export const branchSummarySchema = z.object({
  branch_id: z.number().int(),
  /** The chain's calendar day summed up. */
  date: z.string(),
  /** Every order placed that day, whatever became of it. */
  orders: z.number().int(),
  /** Sales: orders accepted or further along (SALE_STATUSES), never cancelled nor unanswered. */
  sales: z.object(figures),
  /** Sales by payment method, largest first, net of what refunds gave back. */
  by_payment: z.array(z.object({ payment: z.string(), ...figures })),
  /** Sales by type: 1 pickup ("Recoger"), 2 delivery ("Domicilio"). */
  by_type: z.array(z.object({ type_delivery: z.number().int(), label: z.string(), ...figures })),
  /** Sales by where they came from (decision 087): every channel, «Web», «Teléfono», «Mostrador». */
  by_channel: z.array(z.object({ channel: orderChannelSchema, label: z.string(), ...figures })),
  by_status: z.array(z.object({ status: orderStatusSchema, orders: z.number().int() })),
  /** The sales a discount code went to, and what the codes took off them (already out of `sales.total`). */
  discounts: z.object(figures),
  /** The sales part of which was given back, and what the confirmed refunds gave (already out of `sales.total`). */
  refunds: z.object(figures),
  /** Placed and still waiting for an answer: not a sale yet, counted apart. */
  received: z.object(figures),
  rejected: z.object({
    orders: z.number().int(),
    reasons: z.array(z.object({ reason: z.string(), orders: z.number().int() })),
  }),
  cancelled: z.number().int(),
  /** Mean minutes from placed to accepted over the orders accepted; null when none was. */
  average_accept_minutes: z.number().nullable(),
  /** Mean minutes from placed to ready over the orders that reached ready; null when none did. */
  average_ready_minutes: z.number().nullable(),
  /** Delivery orders: mean minutes from ready to a courier leaving with it; null when none left. */
  average_pickup_minutes: z.number().nullable(),
  /** Delivery orders: mean minutes from leaving to delivered; null when none was delivered by a courier. */
  average_delivery_minutes: z.number().nullable(),
  /**
   * Each kitchen station of the branch with the items it bumped that day and its average minutes
   * of work per item (decision 088: the gap since its previous bump, or since the order started
   * if the station stood idle); null when it bumped none.
   */
  stations: z.array(
    z.object({
      station_id: z.number().int(),
      name: z.string(),
      items: z.number().int(),
      average_item_minutes: z.number().nullable(),
    }),
  ),
});

export const branchSummaryResponse = oneOf(branchSummarySchema);

// ---------------------------------------------------------------------------------------------
// Real-time events (names in ../socket.ts)
// ---------------------------------------------------------------------------------------------

/** `availability`, to every socket: a product sold out, or back, at a branch. */
export const availabilityEventSchema = z.object({
  branch_id: z.number().int(),
  product_id: z.number().int(),
  sold_out: z.boolean(),
});

/** `option-availability`, to every socket: an option sold out, or back, at a branch. */
export const optionAvailabilityEventSchema = z.object({
  branch_id: z.number().int(),
  product_id: z.number().int(),
  option_id: z.number().int(),
  sold_out: z.boolean(),
});

/** `branch-status`, to every socket: a pause, a resume (by staff or by its time) or rush minutes. */
export const branchStatusEventSchema = branchConsoleSchema
  .pick({
    accepting_orders: true,
    paused: true,
    until_reopened: true,
    resumes_at: true,
    rush_minutes: true,
    prep_minutes: true,
  })
  .extend({ branch_id: z.number().int() });

export const branchParams = z.object({ id: idParamSchema });

export type StatusChangeBody = z.infer<typeof statusChangeBody>;
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuery>;
export type DayOrdersQuery = z.infer<typeof dayOrdersQuery>;
export type DayOrder = z.infer<typeof dayOrderSchema>;
export type BranchConsole = z.infer<typeof branchConsoleSchema>;
export type PauseBody = z.infer<typeof pauseBody>;
export type RushBody = z.infer<typeof rushBody>;
export type SettingsBody = z.infer<typeof settingsBody>;
export type BranchProduct = z.infer<typeof branchProductSchema>;
export type BranchSummary = z.infer<typeof branchSummarySchema>;
export type AvailabilityEvent = z.infer<typeof availabilityEventSchema>;
export type BranchOption = z.infer<typeof branchOptionSchema>;
export type OptionAvailabilityEvent = z.infer<typeof optionAvailabilityEventSchema>;
export type BranchStatusEvent = z.infer<typeof branchStatusEventSchema>;
