import {
  CHECKOUT_MESSAGES,
  COUNTER_MESSAGES,
  ORDER_CHANNEL_TEXT,
  type ConfirmCartAnswer,
  type PlacedOrder,
} from '@comanda/shared';
import type { RateLimiter } from '../../../lib/rate-limiter';
import type { AuditService } from '../../audit/service';
import type { PlacementOutcome } from '../../../plugins/metrics/order-metrics';
import { writeOnce } from '../../../plugins/socket';
import { orderPlaced, orderToldAgain, type OrderRooms } from '../events';
import { loadOrder } from '../reads/load';
import { asapEta, type QueueStart } from '../schedule/estimate';
import { acceptsByItself, rulesOf } from '../auto-accept/rules';
import { autoAccept } from '../status/status-change';
import type {
  BranchRow,
  ConfirmCartPayload,
  Customer,
  Errors,
  OrderLimits,
  OrderPlugs,
  PayloadRead,
  PlacedBy,
  ZoneRule,
} from '../types';
import { orderKey } from '../writing/order-key';
import { storedOrderId, writeOrder, type OrderWrites } from '../writing/write-order';
import { answerOf, writeRefusal } from './answer';
import {
  checkOpen,
  checkPayWith,
  couponOf,
  destinationOf,
  paymentOf,
  priceOf,
  scheduledTimes,
  tipOf,
  type CheckDeps,
} from './checks';
import { draftOf } from './draft';
import { refuse } from './payload-errors';
import type { PayloadReader } from './payload-reader';
import { promotedPrice } from './promotions';

const MINUTE = 60_000;

/** What placing an order needs: the checks' reads, the pace, the group commit, the rooms, the plugs. */
export type PlacementDeps = CheckDeps &
  OrderRooms & {
    rateLimiter: RateLimiter;
    limits: OrderLimits;
    queueStart: QueueStart;
    writes: OrderWrites;
    plugs: OrderPlugs;
    /** The change log: an order staff place is recorded with who placed it (decision 087). */
    audit: Pick<AuditService, 'record'>;
    /** Where a payload is parsed and checked: JSON text on the payloads' thread (decision 103). */
    readPayload: PayloadReader;
  };

/**
 * product.md «States and transitions» "Continuar": validates everything against the database,
 * prices it with the shared rule, stores it durably, and answers only after the commit. The
 * same client_order_id from the same customer answers the first order again, never a second.
 * Timed for the metrics, from the payload's check to the answer, whatever the outcome. Staff
 * placing it for a customer (`by`, decision 087) take this same path, the order keyed by the
 * customer's id like theirs; it only adds the channel, who placed it, and their change-log row.
 */
export function place(
  deps: PlacementDeps,
  customer: Customer,
  reading: PayloadRead | Promise<PayloadRead>,
  by: PlacedBy | null = null,
): Promise<ConfirmCartAnswer> {
  const started = performance.now();
  return timed(deps, started, readAndPlaced(deps, customer, reading, by));
}

/** The payload as placement reads it (placement/payload.ts): refused as malformed, or placed. */
async function readAndPlaced(
  deps: PlacementDeps,
  customer: Customer,
  reading: PayloadRead | Promise<PayloadRead>,
  by: PlacedBy | null,
): Promise<ConfirmCartAnswer> {
  const read = await reading;
  if ('errors' in read) return refuse(read.clientOrderId, read.errors);
  return placeChecked(deps, customer, read.payload, by);
}

/** The placement's outcome and time, for the metrics, whatever the outcome. */
async function timed(
  deps: PlacementDeps,
  started: number,
  placing: Promise<ConfirmCartAnswer>,
): Promise<ConfirmCartAnswer> {
  let outcome: PlacementOutcome = 'failed';
  try {
    const answer = await placing;
    outcome = answer.status ? 'placed' : 'refused';
    return answer;
  } finally {
    deps.metrics.placement((performance.now() - started) / 1000, outcome);
  }
}

async function placeChecked(
  deps: PlacementDeps,
  customer: Customer,
  payload: ConfirmCartPayload,
  by: PlacedBy | null,
): Promise<ConfirmCartAnswer> {
  const refused = (errors: Errors) =>
    refuseUnlessStored(deps, customer.id, payload.client_order_id, errors);
  const { limits } = deps;
  const pace = await deps.rateLimiter.hit(`orders-user:${customer.id}`, limits.ordersPerMinute, 60);
  if (!pace.allowed) return refused({ _: [CHECKOUT_MESSAGES.tooManyOrders] });
  const branch = await deps.reference.branchOf(payload.branch_office.id);
  if (!branch) return refused({ branch_office: [CHECKOUT_MESSAGES.branchUnknown] });
  const errors: Errors = {};
  const checked = await checkOrder(deps, customer, payload, branch, errors);
  // Nobody is at a screen to pay a phone or counter order online: it is paid on delivery or there.
  if (by && checked?.payment.kind === 'online')
    return refused({ payment: [COUNTER_MESSAGES.onlinePayment] });
  if (!checked) return refused(errors);
  return storeOrder(deps, customer, payload, branch, checked, by);
}

type Checked = NonNullable<Awaited<ReturnType<typeof checkOrder>>>;

/** Every check, in order (checks.ts): what the order is made of, or null with the reasons in `errors`. */
async function checkOrder(
  deps: PlacementDeps,
  customer: Customer,
  payload: ConfirmCartPayload,
  branch: BranchRow,
  errors: Errors,
) {
  // An order as soon as possible needs the branch open now; a scheduled one, its slot.
  const when = payload.scheduled_for ?? null;
  if (when === null) await checkOpen(deps, branch, errors);
  const payment = await paymentOf(deps, payload, errors);
  const destination = await destinationOf(deps, customer, payload, branch, errors);
  const price = await priceOf(deps, payload, branch, destination, errors);
  const coupon = await couponOf(deps, customer, payload, branch, price.subtotal, errors);
  const tip = tipOf(payload, errors);
  const order = { customer, payload, branch, price, coupon, tip };
  const promoted = await promotedPrice(deps, order, errors);
  if (payment) checkPayWith(payload, payment, promoted.due, errors);
  const times =
    when === null
      ? null
      : await scheduledTimes(deps, branch, when, price.quantity, destination, errors);
  if (Object.keys(errors).length > 0 || !payment) return null;
  // A code a better promotion (that does not stack) beat is not redeemed.
  return {
    payment,
    destination,
    price,
    promoted,
    coupon: promoted.code_applied ? coupon : null,
    times,
  };
}

/**
 * The checked order drafted, written by the group commit, and answered; a new order the branch
 * must see now rings its board. Paid online, it waits for its money: the branch hears of it
 * once the money comes (status/announce.ts).
 */
async function storeOrder(
  deps: PlacementDeps,
  customer: Customer,
  payload: ConfirmCartPayload,
  branch: BranchRow,
  { payment, destination, price, promoted, coupon, times }: Checked,
  by: PlacedBy | null,
): Promise<ConfirmCartAnswer> {
  const clientOrderId = payload.client_order_id;
  const paying = payment.kind === 'online' ? deps.plugs.payments : null;
  const expiresAt = paying ? new Date(deps.clock.now() + paying.expiryMinutes * MINUTE) : null;
  const paid = { payment, expiresAt };
  const priced = { price, promoted, coupon };
  const draft = draftOf(customer, payload, branch, paid, destination, priced, times, by);
  const written = await writeOrder(deps, draft);
  const lostRace = writeRefusal(written, branch);
  if (lostRace) return refuseUnlessStored(deps, customer.id, clientOrderId, lostRace);
  // A retry of a stored order (or one that lost the race to its twin) answers the stored
  // order; a new one is answered from what was just committed, without reading it back.
  if (!written.created) return answerExisting(deps, written.id, clientOrderId);
  // Its board's `new-order` and its customer's answer carry the same order: written as JSON once.
  const placed = writeOnce(answerOf(draft, written, branch, customer));
  // Told before anything else is awaited: each wait between the commit and the telling is a
  // window in which a stopped node leaves the branch unaware (orderToldAgain covers a retry).
  if (!paying) orderPlaced(deps, placed, branch.id);
  if (by) await recordPlacedBy(deps, by, placed);
  const eta = times ? {} : { eta: await etaOf(deps, branch, destination.zone, draft.quantity) };
  if (paying) {
    const online = await paying.checkoutFor(placed.id);
    return { status: true, client_order_id: clientOrderId, order: placed, ...eta, payment: online };
  }
  const order = await acceptedIfAsked(deps, placed, branch);
  return { status: true, client_order_id: clientOrderId, order, ...eta };
}

/**
 * The change-log row of an order staff placed (decision 087), once it is committed: the order
 * itself keeps who placed it (`placed_by`, written with it), so a stop between the two loses
 * only this line of the history, never the order or its author.
 */
const recordPlacedBy = (deps: PlacementDeps, by: PlacedBy, order: PlacedOrder) =>
  deps.audit.record(deps.db, by.staff, {
    action: 'create',
    entity: 'order',
    entity_id: order.id,
    branch_id: order.branch_office.id,
    summary: `Pedido #${order.id} por ${ORDER_CHANNEL_TEXT[by.channel].toLowerCase()} para ${order.customer.name}`,
  });

/**
 * A retry of an order already stored is answered with that order, whatever changed since
 * (the pace, the branch's hours, the menu). An attempt that passes every check is written
 * without asking first: the unique (user, client_order_id) turns a stored twin into
 * `created: false`. Only an attempt about to be refused looks whether it is stored.
 */
async function refuseUnlessStored(
  deps: PlacementDeps,
  userId: number,
  clientOrderId: string,
  errors: Errors,
): Promise<ConfirmCartAnswer> {
  const key = orderKey({ user_id: userId, client_order_id: clientOrderId });
  const existing = await storedOrderId(deps, key);
  return existing !== undefined
    ? answerExisting(deps, existing, clientOrderId)
    : refuse(clientOrderId, errors);
}

/**
 * A branch that accepts such an order by itself (auto-accept/rules.ts) answers it accepted.
 * Should the process stop in between, the order simply waits for staff's Aceptar.
 */
const acceptedIfAsked = async (deps: PlacementDeps, placed: PlacedOrder, branch: BranchRow) =>
  acceptsByItself(rulesOf(branch), placed, new Date(deps.clock.now()))
    ? ((await autoAccept(deps, placed.id)) ?? placed)
    : placed;

/** The queue-based estimate (decision 037), with the zone's trip. */
const etaOf = (
  deps: PlacementDeps,
  branch: BranchRow,
  zone: ZoneRule | undefined,
  units?: number,
) => asapEta(deps, branch, zone?.delivery_minutes ?? 0, units);

/** The stored order again, with the estimate and checkout a first answer carries. */
async function answerExisting(
  deps: PlacementDeps,
  id: number,
  clientOrderId: string,
): Promise<ConfirmCartAnswer> {
  const found = await loadOrder(deps, id);
  if (!found) return refuse(clientOrderId, { _: [CHECKOUT_MESSAGES.busy] });
  orderToldAgain(deps, found.order, found.branchId);
  // The same estimate a first answer carries, from today's branch and zone (all remembered reads).
  const branch = await deps.reference.branchOf(found.branchId);
  const { neighbourhood } = found.order;
  const zone =
    branch && neighbourhood !== null
      ? await deps.reference.zoneAt(branch.id, neighbourhood)
      : undefined;
  const asap = branch && found.order.scheduled_for === null;
  // Still waiting for its money: the same checkout again (the attempt still open, or a new one).
  const paying = found.order.status === 'awaiting_payment' ? deps.plugs.payments : null;
  return {
    status: true,
    client_order_id: clientOrderId,
    order: found.order,
    ...(asap ? { eta: await etaOf(deps, branch, zone, found.order.quantity) } : {}),
    ...(paying ? { payment: await paying.checkoutFor(id) } : {}),
  };
}
