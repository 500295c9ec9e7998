import type { Branch, ConfirmCartAnswer, ConfirmCartPayload, PaymentType } from '@comanda/shared';
import type { CartItem, Delivery, OrderType, SessionUser } from '@/stores/session-store';
import { isRecord } from '@/lib/is-record';

/**
 * The order the checkout sends, as pure functions: which kind of order it is, the `confirm-cart`
 * payload (product.md «Socket events», confirm-cart), where each refusal is shown, and the unanswered attempt kept
 * for this tab so a retry reuses its `client_order_id`.
 */

const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export interface OrderChoices {
  clientOrderId: string;
  branch: Branch;
  payment: PaymentType | null;
  observation: string;
  cart: CartItem[];
  delivery: Delivery | null;
  user: SessionUser | null;
  typeDelivery: OrderType;
  addressId: number | null;
  /** A slot's start (ISO) for a scheduled order; null: as soon as possible. */
  scheduledFor?: string | null;
  /** A discount code as typed; the server checks it and prices the discount. */
  couponCode?: string;
  /** Cash: what the customer pays with, in pesos; null when not said. */
  payWith?: number | null;
  /** The total the page showed (promotions in, no code): the server refuses another one. */
  expectedTotal?: number;
  /** A delivery's tip for the courier, whole pesos (decision 085); 0 or absent: none. */
  tip?: number;
}

/**
 * product.md «Wire contract»: the values the contract's client holds (the stored branch, the chosen payment type, the
 * cart as stored, the stored delivery and user), plus the id and the explicit order type. The
 * server reads only ids and choices out of them and prices everything itself.
 */
export function buildPayload(choices: OrderChoices): ConfirmCartPayload {
  return {
    client_order_id: choices.clientOrderId,
    branch_office: choices.branch,
    payment: choices.payment,
    form: { observation: choices.observation.trim() },
    // The cart as stored, line by line (copies: the payload must not alias the store's objects).
    detail: choices.cart.map((line) => ({ ...line })),
    delivery: choices.delivery,
    user: choices.user,
    type_delivery: choices.typeDelivery,
    ...(choices.typeDelivery === 2 ? { address_id: choices.addressId } : {}),
    ...(choices.scheduledFor ? { scheduled_for: choices.scheduledFor } : {}),
    ...(choices.couponCode?.trim() ? { coupon_code: choices.couponCode.trim() } : {}),
    ...(choices.payWith ? { pay_with: choices.payWith } : {}),
    ...(choices.expectedTotal !== undefined ? { expected_total: choices.expectedTotal } : {}),
    // Delivery only: the server refuses a tip on a pickup order.
    ...(choices.tip && choices.typeDelivery === 2 ? { tip: choices.tip } : {}),
  };
}

/** The parts of the screen a refusal can point at; anything else is said next to Continuar. */
export type ErrorPlace =
  'branch' | 'payment' | 'payWith' | 'address' | 'detail' | 'when' | 'coupon' | 'tip' | 'general';
export type PlacedErrors = Partial<Record<ErrorPlace, string[]>>;

const PLACE_OF: Record<string, ErrorPlace> = {
  branch_office: 'branch',
  payment: 'payment',
  pay_with: 'payWith',
  address: 'address',
  address_id: 'address',
  detail: 'detail',
  scheduled_for: 'when',
  coupon_code: 'coupon',
  tip: 'tip',
  // A changed total is said next to Continuar; the page shows the new one.
  total: 'general',
};

/** Sorts the server's `errors` (contract's Spanish messages) by where the checkout shows them. */
export function placeErrors(errors: Record<string, string[]>): PlacedErrors {
  const placed: PlacedErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const place = PLACE_OF[field] ?? 'general';
    const list = (placed[place] ??= []);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
  return placed;
}

export function hasErrors(errors: PlacedErrors): boolean {
  return Object.values(errors).some((list) => list.length > 0);
}

/** A `confirm-cart` answer as the server sends it (checked by hand: zod stays out of the socket path). */
export function isConfirmCartAnswer(value: unknown): value is ConfirmCartAnswer {
  if (!isRecord(value)) return false;
  if (value.status === true) return isRecord(value.order) && typeof value.order.id === 'number';
  return value.status === false && isRecord(value.errors);
}

/**
 * Whether an answer ends the attempt (its pending copy can go). A refusal for a reason of the
 * order itself does: nothing was stored. A refusal with only a general reason — "could not save,
 * try again", sent when the server's database failed — does not: in the rare case the commit
 * went through and only its answer was lost, asking again with the same client_order_id gets
 * that order back instead of placing a second one.
 */
export function endsAttempt(answer: ConfirmCartAnswer): boolean {
  return answer.status || Object.keys(answer.errors).some((field) => field !== '_');
}

/** The attempt sent and not yet answered, kept per tab (sessionStorage) until an answer arrives. */
export interface PendingOrder {
  /** Whose order it is: a pending attempt is never sent with somebody else's session. */
  owner: string;
  payload: ConfirmCartPayload;
}

export const PENDING_ORDER_KEY = 'comanda:pending-order';

export function readPendingOrder(
  storage: Pick<Storage, 'getItem'>,
  owner: string | undefined,
): PendingOrder | null {
  if (!owner) return null;
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PENDING_ORDER_KEY) ?? 'null');
    if (!isRecord(parsed) || parsed.owner !== owner || !isRecord(parsed.payload)) return null;
    const id = parsed.payload.client_order_id;
    if (typeof id !== 'string' || !ID_PATTERN.test(id)) return null;
    return parsed as unknown as PendingOrder;
  } catch {
    return null;
  }
}

export function savePendingOrder(storage: Pick<Storage, 'setItem'>, pending: PendingOrder): void {
  try {
    storage.setItem(PENDING_ORDER_KEY, JSON.stringify(pending));
  } catch {
    // Storage full or blocked: the attempt still goes out, it just cannot survive a reload.
  }
}

export function clearPendingOrder(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(PENDING_ORDER_KEY);
  } catch {
    // Nothing to clean up where storage is unavailable.
  }
}
