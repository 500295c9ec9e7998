import { z } from 'zod';
import { addressBody, addressSchema, emailSchema, phoneSchema } from './accounts';
import { confirmCartPayload, placedOrderSchema } from './checkout';
import { idSchema } from './common';
import { STAFF_ORDER_CHANNELS } from './order-channel';
import { safeText } from './text';

// Orders staff place for a customer who phones or walks in (product.md «Orders taken by phone
// or at the counter», decision 087): the storefront's confirm-cart payload, plus who it is for,
// the channel, and for delivery to a new place the address to save in the customer's book.

export const COUNTER_MESSAGES = {
  customerRequired: 'Indica el cliente: elígelo por su teléfono o escribe su nombre y teléfono.',
  customerNameRequired: 'Escribe el nombre del cliente.',
  customerUnknown: 'Ese cliente ya no existe; búscalo de nuevo por su teléfono.',
  notACustomer: 'Ese teléfono es de una cuenta del personal; usa otro número para el cliente.',
  channelRequired: 'Elige cómo llegó el pedido: Teléfono o Mostrador.',
  onlinePayment:
    'Un pedido tomado por teléfono o en el mostrador no se paga en línea: elige efectivo u otro medio en la entrega.',
  addressTwice: 'Elige una dirección guardada o escribe una nueva, no las dos.',
} as const;

/** Who the order is for: a customer found by phone (`id`), or one created now with name and phone. */
export const counterCustomerInput = z
  .object({
    id: idSchema(COUNTER_MESSAGES.customerRequired).optional(),
    name: safeText({ error: COUNTER_MESSAGES.customerNameRequired })
      .min(1, { error: COUNTER_MESSAGES.customerNameRequired })
      .max(120)
      .optional(),
    phone: phoneSchema.optional(),
    /** Optional: where the customer can later claim the account («Olvidé mi contraseña»). */
    email: emailSchema.optional(),
  })
  .refine((c) => c.id !== undefined || (c.name !== undefined && c.phone !== undefined), {
    error: COUNTER_MESSAGES.customerRequired,
  });

/** `POST /api/staff/branches/:id/orders`: confirm-cart's payload placed by staff for a customer. */
export const staffOrderBody = confirmCartPayload.extend({
  channel: z.enum(STAFF_ORDER_CHANNELS, { error: COUNTER_MESSAGES.channelRequired }),
  customer: counterCustomerInput,
  /** Delivery to a place not in the customer's book: saved there, then ordered to. */
  new_address: addressBody.optional(),
});

/** A customer as staff find them by phone: who, and where they have had orders delivered. */
export const counterCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  addresses: z.array(addressSchema),
});

export const counterCustomerQuery = z.object({ phone: phoneSchema });
export const counterCustomerListResponse = z.object({ results: z.array(counterCustomerSchema) });

/** The order placed (or the one already placed with the same client_order_id), and its customer. */
export const staffOrderResponse = z.object({
  results: placedOrderSchema,
  customer: counterCustomerSchema,
});

export type CounterCustomer = z.infer<typeof counterCustomerSchema>;
export type StaffOrderBody = z.infer<typeof staffOrderBody>;
export type StaffOrderInput = z.input<typeof staffOrderBody>;
