import {
  ORDER_CHANNELS,
  ORDER_STATUS_TEXT,
  TYPE_DELIVERY_TEXT,
  orderLineOptionSchema,
  type OrderLine,
  type OrderChannel,
  type OrderLineOption,
  type OrderRefund,
  type OrderStatus,
  type PastOrder,
  type PaymentStatus,
  type PlacedOrder,
  type RefundStatus,
} from '@comanda/shared';
import { z } from 'zod';
import type { Timestamp } from '../../../db/types';
import { isoInstant, isoOrNull } from '../../../lib/iso-instant';
import { appliedOf } from '../../../lib/promotion-rules';

/** An order as stored, with its branch's title and address and its customer's name and phone. */
export interface OrderRow {
  id: number;
  client_order_id: string;
  branch_id: number;
  branch_title: string;
  branch_address: string;
  type_delivery: number;
  address: string;
  neighbourhood: string | null;
  address_notes: string | null;
  address_id: number | null;
  payment_description: string;
  observation: string;
  quantity: number;
  total: number;
  delivery_fee: number;
  discount: number;
  /** What each promotion took off, JSON text (migration 036). */
  promotions: string;
  status: OrderStatus;
  created_at: Timestamp;
  accepted_at: Timestamp | null;
  promised_at: Timestamp | null;
  reject_reason: string | null;
  scheduled_for: Timestamp | null;
  fire_at: Timestamp | null;
  payment_status: PaymentStatus | null;
  refunded_amount: number;
  pay_with: number | null;
  /** The courier's tip, apart from `total` (migration 041). */
  tip: number;
  customer_name: string;
  customer_phone: string;
  /** The courier's full name while a trip carries it (decision 068); answers show the first. */
  courier_name: string | null;
  arrival_from: Timestamp | null;
  arrival_to: Timestamp | null;
  delivery_failed: string | null;
  /** `web`, `telefono` or `mostrador` (migration 043, decision 087). */
  channel: string;
}

/** A refund as stored (decision 061). */
export interface RefundRow {
  id: number;
  amount: number;
  reason: string;
  status: RefundStatus;
  automatic: number;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
}

/** An order line as stored, its chosen options JSON text; or as placement just built it, with the options themselves. */
export interface OrderLineRow {
  product_id: number;
  slug: string;
  title: string;
  image: string;
  unit_price: number;
  quantity: number;
  total: number;
  options: string | OrderLineOption[];
  note: string;
}

export interface StatusRow {
  status: OrderStatus;
  at: Timestamp;
}

const storedOptions = z.array(orderLineOptionSchema);

/** Options are JSON written by us; a row that does not parse shows no options rather than failing the answer. */
function parseOptions(json: string | OrderLineOption[]): OrderLineOption[] {
  if (typeof json !== 'string') return json;
  try {
    const parsed = storedOptions.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const refund = (row: RefundRow): OrderRefund => ({
  id: row.id,
  amount: row.amount,
  reason: row.reason,
  status: row.status,
  automatic: row.automatic === 1,
  created_at: isoInstant(row.created_at),
  confirmed_at: isoOrNull(row.confirmed_at),
});

// Field by field: rows read for a whole page also carry their order_id.
const line = (row: OrderLineRow): OrderLine => ({
  product_id: row.product_id,
  slug: row.slug,
  title: row.title,
  image: row.image,
  unit_price: row.unit_price,
  quantity: row.quantity,
  total: row.total,
  options: parseOptions(row.options),
  note: row.note,
});

/**
 * The one place an order becomes an answer: the placed order (confirm-cart, the order page,
 * status events) and the past order of the history are both built here from the same rows.
 */
export function placedOrder(
  order: OrderRow,
  lines: OrderLineRow[],
  history: StatusRow[],
  refunds: RefundRow[] = [],
): PlacedOrder {
  const typeDelivery = order.type_delivery === 2 ? 2 : 1;
  const createdAt = isoInstant(order.created_at);
  // Placed is when the order reached its branch: for one paid online, when its money came.
  const received = order.status === 'awaiting_payment' ? undefined : reachedBranch(history);
  const placedAt = received ? isoInstant(received) : createdAt;
  return {
    id: order.id,
    client_order_id: order.client_order_id,
    branch_office: {
      id: order.branch_id,
      title: order.branch_title,
      address: order.branch_address,
    },
    type_delivery: typeDelivery,
    type_delivery_text: TYPE_DELIVERY_TEXT[typeDelivery],
    address: order.address,
    payment: order.payment_description,
    payment_status: order.payment_status,
    refunded_amount: order.refunded_amount,
    pay_with: order.pay_with,
    refunds: refunds.map(refund),
    observation: order.observation,
    quantity: order.quantity,
    total: order.total,
    delivery_fee: order.delivery_fee,
    discount: order.discount,
    promotions: appliedOf(order.promotions),
    tip: order.tip,
    status: order.status,
    status_text: ORDER_STATUS_TEXT[order.status],
    created_at: createdAt,
    placed_at: placedAt,
    accepted_at: isoOrNull(order.accepted_at),
    promised_at: isoOrNull(order.promised_at),
    reject_reason: order.reject_reason,
    scheduled_for: isoOrNull(order.scheduled_for),
    // An order as soon as possible (and every order from before scheduling) fires when placed.
    fire_at: order.fire_at === null ? placedAt : isoInstant(order.fire_at),
    customer: { name: order.customer_name, phone: order.customer_phone },
    neighbourhood: order.neighbourhood,
    address_notes: order.address_notes,
    customer_phone: order.customer_phone,
    address_id: order.address_id,
    detail: lines.map(line),
    history: history.map(step),
    courier: order.courier_name === null ? null : { name: firstName(order.courier_name) },
    arrival: arrivalOf(order),
    delivery_failed: order.delivery_failed,
    channel: channelOf(order.channel),
  };
}

/** "Andrés Gómez" → "Andrés": all a customer (and the board's card) is told of the courier. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

/** The arrival estimate, only while the order is on its way (never after it is delivered). */
function arrivalOf(order: OrderRow): { from: string; to: string } | null {
  if (order.status !== 'on_the_way' || order.arrival_from === null || order.arrival_to === null)
    return null;
  return { from: isoInstant(order.arrival_from), to: isoInstant(order.arrival_to) };
}

/** When the order reached its branch: its `received` step after a payment, else its first step. */
function reachedBranch(history: StatusRow[]): Timestamp | undefined {
  if (history[0]?.status !== 'awaiting_payment') return undefined;
  return history.find((step) => step.status === 'received')?.at;
}

/** The history's shorter shape: the placed order without what only its own page shows. */
export function pastOrder(order: OrderRow, lines: OrderLineRow[]): PastOrder {
  const {
    id,
    address,
    type_delivery,
    type_delivery_text,
    branch_office,
    payment,
    payment_status,
    refunded_amount,
    pay_with,
    quantity,
    total,
    delivery_fee,
    discount,
    tip,
    status,
    status_text,
    created_at,
    scheduled_for,
    fire_at,
    detail,
  } = placedOrder(order, lines, []);
  const { neighbourhood, address_notes, address_id, customer_phone } = order;
  return {
    id,
    address,
    type_delivery,
    type_delivery_text,
    branch_office: { id: branch_office.id, title: branch_office.title },
    payment,
    payment_status,
    refunded_amount,
    pay_with,
    quantity,
    total,
    delivery_fee,
    discount,
    tip,
    neighbourhood,
    address_notes,
    address_id,
    customer_phone,
    status,
    status_text,
    created_at,
    scheduled_for,
    fire_at,
    detail,
  };
}

/** One step of the order's history as answers show it. */
const step = (h: StatusRow) => ({
  status: h.status,
  status_text: ORDER_STATUS_TEXT[h.status],
  at: isoInstant(h.at),
});

/** The stored channel; an unknown one (a later release's) reads as the storefront's. */
const channelOf = (stored: string): OrderChannel =>
  (ORDER_CHANNELS as readonly string[]).includes(stored) ? (stored as OrderChannel) : 'web';
