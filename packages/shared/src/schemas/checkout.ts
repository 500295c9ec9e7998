import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../constants';
import { formatMoney } from '../money';
import { idSchema } from './common';
import { arrivalSchema, orderCourierSchema } from './dispatch';
import {
  orderLineSchema,
  orderPaymentFields,
  orderRefundSchema,
  orderStatusSchema,
} from './orders';
import { orderChannelSchema } from './order-channel';
import { appliedPromotionSchema } from './promotions';
import { safeText } from './text';

/** The longest note a line may carry for the kitchen («Sin cebolla»): a ticket line or two. */
export const MAX_LINE_NOTE = 140;

/** The most a customer may tip the courier, in whole pesos (decision 085). */
export const MAX_TIP = 200_000;

/** Spanish reasons a checkout is refused; the storefront shows them as they come. */
export const CHECKOUT_MESSAGES = {
  invalid: 'No pudimos leer tu pedido. Actualiza la página e intenta de nuevo.',
  emptyCart: 'Tu carrito está vacío.',
  branchRequired: 'Elige la sede de tu pedido.',
  branchUnknown: 'Esa sede no existe.',
  branchClosed: (title: string, opens: string | null) =>
    opens
      ? `La sede ${title} está cerrada ahora. ${opens}.`
      : `La sede ${title} está cerrada ahora.`,
  /** `when` is "a las 13:30" (see describeChainTime); null when paused until staff reopen. */
  branchPaused: (title: string, when: string | null) =>
    when
      ? `${title} no está recibiendo pedidos en este momento. Vuelve a intentarlo ${when}.`
      : `${title} no está recibiendo pedidos en este momento.`,
  paymentRequired: 'Elige cómo deseas pagar.',
  paymentUnknown: 'Ese medio de pago no está disponible.',
  addressRequired: 'Elige la dirección de entrega.',
  addressUnknown: 'No encontramos esa dirección en tu cuenta.',
  noPickup: (title: string) => `La sede ${title} no entrega pedidos para recoger. Elige domicilio.`,
  noDelivery: (title: string) =>
    `La sede ${title} no hace domicilios. Puedes recoger tu pedido allí.`,
  addressNotCovered: (title: string, neighbourhood: string) =>
    `La sede ${title} no llega a ${neighbourhood}. Elige otra dirección u otra sede.`,
  productUnknown: 'Un producto de tu carrito ya no existe.',
  soldOut: (product: string, branch: string) => `${product} está agotado en ${branch}.`,
  notOffered: (product: string, branch: string) => `${product} no se vende en ${branch}.`,
  /** `when` is "de lunes a viernes de 06:00 a 11:00" (describeDayparts). */
  outsideDaypart: (product: string, when: string) =>
    `${product} no está disponible a la hora de tu pedido: se ofrece ${when}.`,
  quantity: (product: string) =>
    `La cantidad de ${product} debe estar entre ${MIN_QUANTITY} y ${MAX_QUANTITY}.`,
  optionUnknown: (product: string) => `Una opción elegida para ${product} ya no existe.`,
  optionSoldOut: (option: string, branch: string) => `${option} está agotado en ${branch} hoy.`,
  requiredMissing: (product: string, group: string) =>
    `Elige una opción de ${group} para ${product}.`,
  singleChoice: (product: string, group: string) =>
    `En ${group} de ${product} solo puedes elegir una opción.`,
  tooFewChoices: (product: string, group: string, min: number) =>
    `Elige al menos ${min} opciones de ${group} para ${product}.`,
  tooManyChoices: (product: string, group: string, max: number) =>
    `En ${group} de ${product} puedes elegir hasta ${max} opciones.`,
  tooManyLines: 'Tu pedido tiene demasiados productos distintos.',
  tooManyUnits: (max: number) =>
    `Tu pedido supera el máximo de ${max} unidades. Para un pedido más grande, comunícate con la sede.`,
  totalTooHigh: (max: number) =>
    `Tu pedido supera el máximo de ${formatMoney(max)} por pedido. Para un pedido más grande, comunícate con la sede.`,
  tooManyOrders: 'Estás haciendo demasiados pedidos seguidos. Espera un minuto e intenta de nuevo.',
  observationTooLong: 'La recomendación es demasiado larga (máximo 500 caracteres).',
  unauthorized: 'Inicia sesión para confirmar tu pedido.',
  busy: 'No pudimos guardar tu pedido. Intenta de nuevo en un momento.',
  couponUnreadable: 'Escribe el código de descuento como te llegó, por ejemplo ABCD-2345.',
  couponUnknown: 'Ese código de descuento no existe. Revisa que esté bien escrito.',
  couponOtherBranch: (branch: string) =>
    `Ese código de descuento no es válido en la sede ${branch}.`,
  couponExpired: 'Ese código de descuento ya venció.',
  couponUsed: 'Ese código de descuento ya fue usado.',
  couponOncePerCustomer: (branch: string) =>
    `Ya usaste un código de descuento en la sede ${branch}: es uno por cliente.`,
  couponBelowMinimum: (min: number) =>
    `Ese código de descuento aplica a pedidos desde ${formatMoney(min)} en productos.`,
  onlineUnavailable:
    'El pago en línea no está disponible en este momento. Elige otro medio de pago.',
  payWithUnreadable: 'Escribe con cuánto pagas en pesos, sin puntos ni centavos. Ej.: 50000.',
  payWithNotCash: 'Solo indicas con cuánto pagas cuando pagas en efectivo.',
  /** A price or a promotion changed between the cart and placement: nothing is stored. */
  totalChanged: (total: number) =>
    `El total de tu pedido cambió: ahora es ${formatMoney(total)}. Revisa tu carrito y vuelve a confirmarlo.`,
  /** A promotion limited per customer went to another of their orders in the same instant: nothing is stored. */
  promotionUsedUp:
    'Ya usaste una promoción de tu pedido las veces que permite por cliente. Revisa tu carrito y vuelve a confirmarlo.',
  payWithTooLow: (total: number) =>
    `Con ese valor no alcanza: el total de tu pedido es ${formatMoney(total)}.`,
  noteUnreadable: 'No pudimos leer la nota para la cocina de un producto. Escríbela de nuevo.',
  noteTooLong: `La nota para la cocina es demasiado larga (máximo ${MAX_LINE_NOTE} caracteres).`,
  noteControlChars:
    'La nota para la cocina tiene caracteres que no se permiten (saltos de línea o caracteres invisibles).',
  tipUnreadable: `Escribe la propina en pesos, sin puntos ni centavos, entre 0 y ${formatMoney(MAX_TIP)}.`,
  tipPickup: 'La propina es para el domiciliario: solo se agrega en pedidos a domicilio.',
} as const;

/** The most a customer may say they pay with, in whole pesos: far above any order. */
export const MAX_PAY_WITH = 100_000_000;

/**
 * A line's note for the kitchen («Sin cebolla»): short safe text (no control characters, one
 * line, trimmed); absent or blank: none. Each refusal says it is the note.
 */
export const lineNoteSchema = safeText({ error: CHECKOUT_MESSAGES.noteUnreadable }).pipe(
  z.string().max(MAX_LINE_NOTE, { error: CHECKOUT_MESSAGES.noteTooLong }),
);

/** The courier's tip in whole pesos (delivery only, the server's check); absent or null: none. */
export const tipSchema = z
  .number({ error: CHECKOUT_MESSAGES.tipUnreadable })
  .int({ error: CHECKOUT_MESSAGES.tipUnreadable })
  .min(0, { error: CHECKOUT_MESSAGES.tipUnreadable })
  .max(MAX_TIP, { error: CHECKOUT_MESSAGES.tipUnreadable })
  .nullable()
  .optional();

/** Cash: what the customer pays with, whole pesos; whether it covers the total is the server's check. */
export const payWithSchema = z
  .number({ error: CHECKOUT_MESSAGES.payWithUnreadable })
  .int({ error: CHECKOUT_MESSAGES.payWithUnreadable })
  .positive({ error: CHECKOUT_MESSAGES.payWithUnreadable })
  .max(MAX_PAY_WITH, { error: CHECKOUT_MESSAGES.payWithUnreadable })
  .nullable()
  .optional();

export const MAX_CART_LINES = 50;

const id = idSchema();

/**
 * What the server reads from a cart item: the product id, the quantity and which options are
 * selected. Titles, prices and totals may be present (the contract's client sends the whole
 * stored cart item) and are ignored: the server rebuilds every line from the database. The
 * objects strip what they do not name rather than copy it: a cart item is mostly text nobody
 * reads, and copying it was work (and garbage) on every order.
 */
export const cartItemInput = z.object({
  id,
  quantity: z.number(),
  modifier_group: z
    .array(
      z.object({
        id,
        modifiers_product: z.array(z.object({ id, selected: z.boolean() })).max(100),
      }),
    )
    .max(30)
    .default([]),
  /** The customer's note for the kitchen; part of the line's identity in the cart. */
  note: lineNoteSchema.optional().default(''),
});

/** The `confirm-cart` payload (product.md «Socket events», «Placing an order»), plus the client-generated `client_order_id`. */
export const confirmCartPayload = z.object({
  client_order_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  branch_office: z.object({ id }),
  payment: z.object({ id }).nullable(),
  form: z
    .object({
      observation: safeText({ multiline: true })
        .max(500, { error: CHECKOUT_MESSAGES.observationTooLong })
        .optional()
        .default(''),
    })
    .default({ observation: '' }),
  detail: z.array(cartItemInput).max(MAX_CART_LINES),
  /**
   * product.md «Entities» stored delivery value. One literal of several values, not a union of
   * literals: a union tries each in turn and builds an issue for every one that does not match,
   * on every order.
   */
  delivery: z.literal(['domicilio', 'delivery-takeout', 1, 2]).nullable().optional(),
  /** 1 Recoger, 2 Domicilio: the order type chosen at checkout; wins over `delivery`. */
  type_delivery: z.literal([1, 2]).optional(),
  /** For delivery orders: one of the customer's saved addresses. */
  address_id: id.nullable().optional(),
  /** The ISO instant of a slot's start to schedule for (product.md «Order ahead»); absent or null: as soon as possible. */
  scheduled_for: z.iso.datetime({ offset: true }).nullable().optional(),
  /**
   * A discount code issued at a signup (product.md «Discount codes»); absent, null or blank: none.
   * The server checks and prices it at placement; the client never sends an amount.
   */
  coupon_code: z
    .string()
    .max(40, { error: CHECKOUT_MESSAGES.couponUnreadable })
    .nullable()
    .optional(),
  /**
   * Cash only: what the customer pays with, in whole pesos (at least the total), so the courier
   * or the counter brings change. Absent or null: not said.
   */
  pay_with: payWithSchema,
  /**
   * Delivery only: the courier's tip in whole pesos, stored apart from the order's total (the
   * sale) and paid with it (decision 085). A tip above 0 on a pickup order is refused.
   */
  tip: tipSchema,
  /**
   * The total the customer saw (products, fee and promotions, before any code). When the
   * server's differs (a price changed, a promotion ended) it refuses with the new one in
   * `errors.total`, stores nothing, and the storefront shows the new total. Absent: not checked.
   */
  expected_total: z.number().int().nonnegative().max(MAX_PAY_WITH).nullable().optional(),
  /** The stored user, as the contract's client sends it; the server uses the socket's session instead. */
  user: z.unknown().optional(),
});

/** Where the customer pays an order online: the provider's hosted checkout (decision 061). */
export const onlinePaymentSchema = z.object({
  status: z.literal('pending'),
  redirect_url: z.string(),
});

export const placedOrderSchema = z.object({
  id: z.number().int(),
  client_order_id: z.string(),
  branch_office: z.object({ id: z.number().int(), title: z.string(), address: z.string() }),
  type_delivery: z.union([z.literal(1), z.literal(2)]),
  type_delivery_text: z.string(),
  address: z.string(),
  payment: z.string(),
  ...orderPaymentFields,
  /** Refunds of an order paid online, oldest first (decision 061); empty for the rest. */
  refunds: z.array(orderRefundSchema),
  observation: z.string(),
  quantity: z.number().int(),
  /** What the customer pays: the lines plus `delivery_fee`, less `discount`. */
  total: z.number().int(),
  /** The delivery zone's fee included in `total`; 0 for pickup or a zone without fee. */
  delivery_fee: z.number().int(),
  /** What a discount code and the promotions took off, already out of `total`; 0 without either. */
  discount: z.number().int(),
  /** What each promotion took off (product.md «Promotions»), in `discount` too; empty without one. */
  promotions: z.array(appliedPromotionSchema),
  /** The courier's tip (decision 085), not in `total`: the customer pays `total + tip`. 0: none. */
  tip: z.number().int(),
  status: orderStatusSchema,
  status_text: z.string(),
  created_at: z.string(),
  /** When the order was placed (the same instant as created_at). */
  placed_at: z.string(),
  /** When the branch accepted it; null until then. */
  accepted_at: z.string().nullable(),
  /** The slot's start a scheduled order is due at (ISO); null: as soon as possible. */
  scheduled_for: z.string().nullable(),
  /** When the kitchen starts it: the slot minus its preparation; an order as soon as possible fires when placed. */
  fire_at: z.string(),
  /** The ready time the branch promised on accepting (ISO); null until accepted. */
  promised_at: z.string().nullable(),
  /** Why the branch rejected it; null unless rejected. */
  reject_reason: z.string().nullable(),
  /** Who ordered, for the branch to call: the account's name and phone. */
  customer: z.object({ name: z.string(), phone: z.string() }),
  /** The delivery address's neighbourhood; null for pickup. */
  neighbourhood: z.string().nullable(),
  /** The delivery address's notes (tower, apartment, reference) as they were when ordered; null for pickup or none. */
  address_notes: z.string().nullable(),
  /** The customer's phone as it was when ordered (older orders: the account's phone now). Also in `customer.phone`. */
  customer_phone: z.string(),
  /** The saved address delivered to (it may have been deleted or edited since); null for pickup. */
  address_id: z.number().int().nullable(),
  detail: z.array(orderLineSchema),
  history: z.array(
    z.object({ status: orderStatusSchema, status_text: z.string(), at: z.string() }),
  ),
  /** Who carries it once a courier of the branch has it (decision 068); the customer reads the first name. */
  courier: orderCourierSchema,
  /** From `En camino`: when it should reach the door, moved by the courier's position; else null. */
  arrival: arrivalSchema,
  /** A courier could not deliver it and brought it back: why (`No contestó`…); null otherwise. */
  delivery_failed: z.string().nullable(),
  /** Where it came from: `web` (the storefront), `telefono` or `mostrador` (placed by staff, decision 087). */
  channel: orderChannelSchema,
});

/** `order-status`: to the order's customer and its branch's staff, on every change. */
export const orderStatusEventSchema = z.object({
  order_id: z.number().int(),
  status: orderStatusSchema,
  status_text: z.string(),
  at: z.string(),
  promised_at: z.string().nullable(),
  /** The rejection reason, when rejected. */
  reason: z.string().nullable(),
  order: placedOrderSchema,
});

export const confirmCartAnswer = z.union([
  z.object({
    status: z.literal(true),
    client_order_id: z.string(),
    order: placedOrderSchema,
    /**
     * The estimate as the server computed it at placement, in minutes from then: [min, max]
     * (deliveryEstimate: preparation + rush + the zone's delivery minutes). Absent when the
     * branch is no longer known (an old order answered again).
     */
    eta: z.tuple([z.number().int(), z.number().int()]).optional(),
    /**
     * An order paid online (decision 061): it waits for its money; the customer pays at
     * `redirect_url`, the provider's hosted checkout, and comes back to the order's page.
     */
    payment: onlinePaymentSchema.optional(),
  }),
  z.object({
    status: z.literal(false),
    client_order_id: z.string().nullable(),
    errors: z.record(z.string(), z.array(z.string())),
  }),
]);

export const orderResponse = z.object({ results: placedOrderSchema });
export const orderListResponse = z.object({ results: z.array(placedOrderSchema) });

export type ConfirmCartPayload = z.input<typeof confirmCartPayload>;
export type ConfirmCartAnswer = z.infer<typeof confirmCartAnswer>;
export type PlacedOrder = z.infer<typeof placedOrderSchema>;
export type OrderStatusEvent = z.infer<typeof orderStatusEventSchema>;
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;
