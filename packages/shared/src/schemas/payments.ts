import { z } from 'zod';
import { formatMoney } from '../money';
import { MAX_PAY_WITH, onlinePaymentSchema, payWithSchema } from './checkout';
import { idParamSchema, idSchema, isoDaySchema, listOf } from './common';
import { paymentStatusSchema, refundStatusSchema } from './orders';
import { safeText } from './text';

/**
 * Online payment (decision 061): the customer's calls about an order's money, the provider's
 * webhook, the console's refund and the back office's list. Provider-neutral: what a provider
 * calls a transaction, a checksum or cents stays in its adapter on the server.
 */
export const PAYMENT_MESSAGES = {
  notAwaiting: 'Ese pedido ya no espera su pago.',
  expired:
    'El tiempo para pagar ese pedido terminó y lo cancelamos; no se cobró nada. Puedes hacerlo de nuevo.',
  providerUnavailable:
    'No pudimos comunicarnos con la pasarela de pagos. Intenta de nuevo en un momento.',
  offlineMethodRequired:
    'Elige un medio de pago que se paga al recibir el pedido (efectivo o datáfono).',
  transactionUnreadable: 'No reconocemos ese pago.',
  transactionOtherOrder: 'Ese pago no corresponde a este pedido.',
  notPaidOnline: 'Ese pedido no se pagó en línea: no hay nada que reembolsar desde aquí.',
  nothingToRefund: 'A ese pedido ya no le queda nada por reembolsar.',
  refundTooMuch: (left: number) => `Puedes reembolsar hasta ${formatMoney(left)}.`,
  refundAmount: 'Escribe el valor a reembolsar en pesos, sin puntos. Ej.: 12000.',
  refundReason: 'Escribe el motivo del reembolso (entre 3 y 200 caracteres).',
  unknownProvider: 'Esa pasarela de pagos no está configurada.',
  badEvent: 'Evento de pago ilegible.',
  badSignature: 'La firma del evento de pago no es válida.',
  staleEvent: 'Ese evento de pago es demasiado antiguo o viene del futuro.',
  dateInvalid: 'La fecha debe tener la forma AAAA-MM-DD (entre 2000 y 2100).',
  rangeInvalid: 'La fecha final no puede ser anterior a la inicial.',
} as const;

/** `/api/payments/{provider}/events`: the adapter's name, as configured. */
export const providerParams = z.object({
  provider: z
    .string({ error: PAYMENT_MESSAGES.unknownProvider })
    .regex(/^[a-z][a-z0-9-]{0,29}$/, { error: PAYMENT_MESSAGES.unknownProvider }),
});

/** A provider's event as posted: JSON whose shape and signature its adapter checks. */
export const paymentEventBody = z.record(z.string(), z.unknown(), {
  error: PAYMENT_MESSAGES.badEvent,
});

/** What the webhook answers an event it verified, whatever became of it (kept for audit). */
export const paymentEventAnswer = z.object({ received: z.literal(true) });

/** "Pagar de nuevo": a new attempt at the provider's checkout. */
export const payAgainResponse = z.object({ results: onlinePaymentSchema });

/** The customer back from the provider's checkout names the attempt it made there. */
export const paymentCheckBody = z.object({
  transaction_id: z
    .string({ error: PAYMENT_MESSAGES.transactionUnreadable })
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, { error: PAYMENT_MESSAGES.transactionUnreadable }),
});

const id = idSchema();

/**
 * "Pagar al recibir": a declined or unfinished online payment switched to a method paid on
 * delivery, keeping the order as it is (`pay_with` for cash, as at checkout).
 */
export const paymentMethodBody = z.object({
  payment: z.object({ id }, { error: PAYMENT_MESSAGES.offlineMethodRequired }),
  pay_with: payWithSchema,
});

/** `POST /api/staff/orders/{id}/refund`: part of an order (a missing item), or all that is left. */
export const refundBody = z.object({
  /** Whole pesos; absent: everything not refunded yet. */
  amount: z
    .number({ error: PAYMENT_MESSAGES.refundAmount })
    .int({ error: PAYMENT_MESSAGES.refundAmount })
    .min(1, { error: PAYMENT_MESSAGES.refundAmount })
    .max(MAX_PAY_WITH, { error: PAYMENT_MESSAGES.refundAmount })
    .optional(),
  reason: safeText({ error: PAYMENT_MESSAGES.refundReason })
    .pipe(z.string().min(3, { error: PAYMENT_MESSAGES.refundReason }))
    .pipe(z.string().max(200, { error: PAYMENT_MESSAGES.refundReason })),
});

// ---------------------------------------------------------------------------------------------
// The back office's Pagos
// ---------------------------------------------------------------------------------------------

/** A chain day, within the years an order can have (the API's one day rule, decision 074). */
const day = isoDaySchema(PAYMENT_MESSAGES.dateInvalid);

/** One attempt's state at the provider, as Comanda last knew it. */
export const PAYMENT_ATTEMPT_STATUSES = [
  'pending',
  'approved',
  'declined',
  'voided',
  'error',
  'abandoned',
  'mismatch',
] as const;
export const paymentAttemptStatusSchema = z.enum(PAYMENT_ATTEMPT_STATUSES);

export const PAYMENT_ATTEMPT_TEXT: Record<z.infer<typeof paymentAttemptStatusSchema>, string> = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  declined: 'Rechazado',
  voided: 'Anulado',
  error: 'Error',
  abandoned: 'Sin pago',
  mismatch: 'Valor distinto',
};

export const REFUND_STATUS_TEXT: Record<z.infer<typeof refundStatusSchema>, string> = {
  pending: 'En proceso',
  approved: 'Hecho',
  declined: 'Rechazado por la pasarela',
};

/** `GET /api/admin/payments`: the chain's days (YYYY-MM-DD, inclusive), a branch, a state. */
export const adminPaymentsQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    branch_id: idParamSchema.optional(),
    status: paymentAttemptStatusSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: PAYMENT_MESSAGES.rangeInvalid,
    path: ['to'],
  });

export const adminRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  status: refundStatusSchema,
  automatic: z.boolean(),
  /** The provider's id of the refund; null until it answered. */
  provider_id: z.string().nullable(),
  attempts: z.number().int(),
  /** The last failure to reach the provider, for whoever follows it up. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});

/** One payment attempt with its refunds, newest first. */
export const adminPaymentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  branch: z.object({ id: z.number().int(), title: z.string() }),
  provider: z.string(),
  /** Comanda's reference, which the provider shows beside its own id. */
  reference: z.string(),
  /** The provider's id of the transaction; null until the provider has one. */
  transaction_id: z.string().nullable(),
  /** What was asked, whole pesos. */
  amount: z.number().int(),
  /** What the provider charged when it was not what was asked (status `mismatch`); else null. */
  charged: z.number().int().nullable(),
  status: paymentAttemptStatusSchema,
  /** The order's own payment state now. */
  order_payment_status: paymentStatusSchema.nullable(),
  /** How the customer paid at the provider (CARD, PSE, NEQUI…), when known. */
  method: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  refunds: z.array(adminRefundSchema),
});

export const adminPaymentListResponse = listOf(adminPaymentSchema);

/** The reconciliation CSV: one row per movement of money (a charge or a refund). */
export const PAYMENTS_CSV_HEADER = [
  'Fecha',
  'Movimiento',
  'Pedido',
  'Sede',
  'Pasarela',
  'Referencia',
  'Transacción',
  'Reembolso',
  'Valor',
  'Estado',
  'Motivo',
] as const;

export type PaymentCheckBody = z.infer<typeof paymentCheckBody>;
export type PaymentMethodBody = z.input<typeof paymentMethodBody>;
export type RefundBody = z.input<typeof refundBody>;
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuery>;
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export type PaymentAttemptStatus = z.infer<typeof paymentAttemptStatusSchema>;
