import { z } from 'zod';
import { wholeNumberQuery } from './common';

export const ORDER_STATUSES = [
  /** Paid online: waiting for the provider's approval, not yet at the branch (decision 061). */
  'awaiting_payment',
  'received',
  'accepted',
  'preparing',
  'ready',
  'on_the_way',
  'delivered',
  'rejected',
  'cancelled',
  /** Paid online and never approved in time: it never reached the branch (decision 061). */
  'payment_expired',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** Spanish names the customer reads for each status. */
export const ORDER_STATUS_TEXT: Record<z.infer<typeof orderStatusSchema>, string> = {
  awaiting_payment: 'Esperando pago',
  received: 'Recibido',
  accepted: 'Aceptado',
  preparing: 'En preparación',
  ready: 'Listo',
  on_the_way: 'En camino',
  delivered: 'Entregado',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  payment_expired: 'Pago no completado',
};

/**
 * Where an order paid online stands with its money (decision 061); null for a method paid at
 * the counter or on delivery. `refunded` and `partially_refunded` count refunds the provider
 * confirmed.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'approved',
  'declined',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** What the customer and the branch read for each payment status. */
export const PAYMENT_STATUS_TEXT: Record<z.infer<typeof paymentStatusSchema>, string> = {
  pending: 'Pago pendiente',
  approved: 'Pagado en línea',
  declined: 'Pago rechazado',
  expired: 'Pago vencido',
  refunded: 'Reembolsado',
  partially_refunded: 'Reembolsado en parte',
};

export const REFUND_STATUSES = ['pending', 'approved', 'declined'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);

/** A refund of an order paid online, as the customer's page and the console show it. */
export const orderRefundSchema = z.object({
  id: z.number().int(),
  /** Whole pesos. */
  amount: z.number().int(),
  /** Why: the rejection's or cancellation's reason, or what staff wrote (a missing item). */
  reason: z.string(),
  /** `pending` until the provider confirms it; `declined` when the provider refused it for good. */
  status: refundStatusSchema,
  /** True when Comanda made it by itself (a rejection, a cancellation, a payment too late). */
  automatic: z.boolean(),
  created_at: z.string(),
  /** When the provider confirmed it; null until then. */
  confirmed_at: z.string().nullable(),
});

/** The money fields every order answer carries (placed, past, the board's). */
export const orderPaymentFields = {
  /** Null for a method paid at the counter or on delivery. */
  payment_status: paymentStatusSchema.nullable(),
  /** What confirmed refunds gave back, whole pesos; 0 without any. */
  refunded_amount: z.number().int(),
  /** Cash: what the customer said they pay with, for the change; null when not said. */
  pay_with: z.number().int().nullable(),
};

/** product.md «Entities» order type: 1 Recoger, 2 Domicilio. */
export const TYPE_DELIVERY_TEXT = { 1: 'Recoger', 2: 'Domicilio' } as const;

export const orderLineOptionSchema = z.object({
  group_id: z.number().int(),
  group_title: z.string(),
  option_id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
});

export const orderLineSchema = z.object({
  product_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: z.string(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  total: z.number().int(),
  options: z.array(orderLineOptionSchema),
  /** The customer's note for the kitchen («Sin cebolla»); '': none. */
  note: z.string(),
});

/** product.md «Entities» past order (id, address, type_delivery_text, branch_office.title, quantity, total) and more. */
export const pastOrderSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  type_delivery: z.union([z.literal(1), z.literal(2)]),
  type_delivery_text: z.string(),
  branch_office: z.object({ id: z.number().int(), title: z.string() }),
  payment: z.string(),
  ...orderPaymentFields,
  quantity: z.number().int(),
  total: z.number().int(),
  /** The delivery fee included in `total`; 0 for pickup. */
  delivery_fee: z.number().int(),
  /** What a discount code took off, already out of `total`; 0 without one. */
  discount: z.number().int(),
  /** The courier's tip, not in `total` (decision 085); 0: none. */
  tip: z.number().int(),
  /** Delivery: the neighbourhood, the address's notes and the saved address's id as ordered; null for pickup. */
  neighbourhood: z.string().nullable(),
  address_notes: z.string().nullable(),
  address_id: z.number().int().nullable(),
  /** The phone the order was placed with. */
  customer_phone: z.string(),
  status: orderStatusSchema,
  status_text: z.string(),
  created_at: z.string(),
  /** A scheduled order's slot (ISO); null: as soon as possible. */
  scheduled_for: z.string().nullable(),
  /** When the kitchen starts it (the placement instant for an order as soon as possible). */
  fire_at: z.string(),
  detail: z.array(orderLineSchema),
});

export const paginationQuery = z.object({
  page: z.coerce
    .number({ error: 'La página debe ser un número' })
    .int()
    .min(1)
    .max(10_000)
    .default(1),
  per_page: z.coerce
    .number({ error: 'El tamaño de página debe ser un número' })
    .int()
    .min(1)
    .max(50)
    .default(10),
});

/** The history's query: a page, or (what the storefront uses) the orders before the previous page's `next`. */
export const cartHistoryQuery = paginationQuery.extend({
  before: wholeNumberQuery('El pedido de referencia debe ser un número', 1).optional(),
});

export const cartHistoryResponse = z.object({
  results: z.array(pastOrderSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** Pass as `before` for the following page; null on the last one. */
  next: z.number().int().nullable(),
});

export type OrderStatus = z.infer<typeof orderStatusSchema>;
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export type RefundStatus = z.infer<typeof refundStatusSchema>;
export type OrderRefund = z.infer<typeof orderRefundSchema>;
export type OrderLineOption = z.infer<typeof orderLineOptionSchema>;
export type OrderLine = z.infer<typeof orderLineSchema>;
export type PastOrder = z.infer<typeof pastOrderSchema>;
export type CartHistory = z.infer<typeof cartHistoryResponse>;
