import { ORDER_STATUS_TEXT, TYPE_DELIVERY_TEXT, orderLineOptionSchema, type OrderLineOption, type PlacedOrder } from '@comanda/shared';
import { z } from 'zod';
import type { OrderStatus, Timestamp } from '../../db/types';

/** An order as the service keeps it: the wire answer plus whom and where it belongs to. */
export type StoredOrder = PlacedOrder & { user_id: number; branch_id: number };

export interface OrderRow {
  id: number;
  user_id: number;
  client_order_id: string;
  branch_id: number;
  type_delivery: number;
  address: string;
  neighbourhood: string | null;
  payment_description: string;
  observation: string;
  quantity: number;
  total: number;
  status: OrderStatus;
  created_at: Timestamp;
  accepted_at: Timestamp | null;
  promised_at: Timestamp | null;
  reject_reason: string | null;
  branch_title: string;
  branch_address: string;
  customer_name: string;
  customer_phone: string;
}

export interface LineRow {
  product_id: number;
  slug: string;
  title: string;
  image: string;
  unit_price: number;
  quantity: number;
  total: number;
  /** JSON written by us: OrderLineOption[]. */
  options: string;
}

const storedOptions = z.array(orderLineOptionSchema);
const iso = (value: Timestamp) => new Date(value).toISOString();
const isoOrNull = (value: Timestamp | null) => (value === null ? null : iso(value));

/** A line's options; a row that does not parse shows no options rather than failing the order. */
export function parseOptions(json: string): OrderLineOption[] {
  try {
    const parsed = storedOptions.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The one shape every order answer and event carries, from its stored rows. */
export function toPlacedOrder(row: OrderRow, lines: LineRow[], history: { status: OrderStatus; at: Timestamp }[]): StoredOrder {
  const typeDelivery = row.type_delivery === 2 ? 2 : 1;
  const placedAt = iso(row.created_at);
  return {
    id: row.id,
    user_id: row.user_id,
    branch_id: row.branch_id,
    client_order_id: row.client_order_id,
    branch_office: { id: row.branch_id, title: row.branch_title, address: row.branch_address },
    type_delivery: typeDelivery,
    type_delivery_text: TYPE_DELIVERY_TEXT[typeDelivery],
    address: row.address,
    neighbourhood: row.neighbourhood,
    payment: row.payment_description,
    observation: row.observation,
    quantity: row.quantity,
    total: row.total,
    status: row.status,
    status_text: ORDER_STATUS_TEXT[row.status],
    created_at: placedAt,
    placed_at: placedAt,
    accepted_at: isoOrNull(row.accepted_at),
    promised_at: isoOrNull(row.promised_at),
    reject_reason: row.reject_reason,
    customer: { name: row.customer_name, phone: row.customer_phone },
    detail: lines.map(({ options, ...line }) => ({ ...line, options: parseOptions(options) })),
    history: history.map((h) => ({ status: h.status, status_text: ORDER_STATUS_TEXT[h.status], at: iso(h.at) })),
  };
}

/** The wire answer: without the owner's and branch's ids (the branch is in branch_office). */
export const publicOrder = ({ user_id: _u, branch_id: _b, ...order }: StoredOrder): PlacedOrder => order;
