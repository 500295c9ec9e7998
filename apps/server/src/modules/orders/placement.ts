import {
  CHECKOUT_MESSAGES,
  SCHEDULE_MESSAGES,
  confirmCartPayload,
  describeChainTime,
  describeNextOpening,
  isDeliveryOrder,
  nextOpening,
  type ConfirmCartAnswer,
  type PlacedOrder,
} from '@comanda/shared';
import type { PaymentKind } from '../../db/types';
import type { z } from 'zod';
import type { RateLimiter } from '../../lib/rate-limiter';
import { pauseState } from '../../lib/branch-pause';
import { buildLines } from './build-lines';
import { checkCoupon, type AppliedCoupon } from './coupon';
import { chargeForDelivery, type ZoneRule } from './delivery-zone';
import type { OrderLoader } from './load';
import { placedOrder } from './order-answer';
import { clientOrderIdOf, payloadErrors, refuse, type Errors } from './payload-errors';
import type { OrderReference } from './reference';
import type { OrderSchedule, ScheduledTimes } from './schedule';
import { orderKey, type OrderDraft, type WrittenOrder } from './batch-repository';
import type { OrdersRepository } from './repository';
import type { Customer, OrderEvents, OrderLimits, OrderPayments } from './service';

type ConfirmCartPayload = z.output<typeof confirmCartPayload>;
type Branch = NonNullable<Awaited<ReturnType<OrdersRepository['findBranch']>>>;
type Payment = { id: number; description: string; kind: PaymentKind };
const MINUTE = 60_000;
/** What the group commit answers for one draft. */
export interface Written {
  id: number;
  created: boolean;
  /** Its slot was full: nothing was stored. */
  full?: true;
  /** Its discount code was redeemed meanwhile: nothing was stored. */
  coupon?: 'used' | 'customer';
  at: string;
}

/** Where the order goes: the branch's counter, or a covered saved address. */
interface Destination {
  address: string;
  addressId: number | null;
  neighbourhood: string | null;
  addressNotes: string | null;
  zone: ZoneRule | undefined;
}

/** product.md «States and transitions» "Continuar": checking, pricing and storing one order. */
export function orderPlacement(deps: {
  repository: OrdersRepository;
  reference: OrderReference;
  loader: OrderLoader;
  rateLimiter: RateLimiter;
  limits: OrderLimits;
  events: OrderEvents;
  write: (draft: OrderDraft) => Promise<Written>;
  storedOrderId: (key: string) => Promise<number | undefined>;
  schedule: OrderSchedule;
  /** Accepts a scheduled order just placed at a branch that wants it (status-change.ts). */
  autoAccept: (id: number) => Promise<PlacedOrder | null>;
  /** Online payment, once the payments module is plugged in; null: methods paid online are refused. */
  payments: () => OrderPayments | null;
  now: () => Date;
}) {
  const { repository, reference, limits, now } = deps;

  /** Is the branch taking orders now: open by its hours and exceptions, and not paused. */
  async function checkOpen(branch: Branch, at: Date, errors: Errors): Promise<void> {
    const [hours, exceptions] = await Promise.all([
      reference.hoursOf(branch.id),
      reference.exceptionsOf(branch.id),
    ]);
    const pause = pauseState(branch.paused_until, at);
    if (!reference.openAt(hours, exceptions, at)) {
      errors.branch_office = [
        CHECKOUT_MESSAGES.branchClosed(
          branch.title,
          describeNextOpening(nextOpening(hours, at, undefined, exceptions)),
        ),
      ];
    } else if (pause.paused) {
      const when = pause.resumes_at ? describeChainTime(pause.resumes_at, at) : null;
      errors.branch_office = [CHECKOUT_MESSAGES.branchPaused(branch.title, when)];
    }
  }

  /** The customer's choice, by the rule the storefront shares: explicit type, else the stored delivery. */
  async function destinationOf(
    customer: Customer,
    payload: ConfirmCartPayload,
    branch: Branch,
    errors: Errors,
  ): Promise<Destination> {
    const pickup: Destination = {
      address: branch.address,
      addressId: null,
      neighbourhood: null,
      addressNotes: null,
      zone: undefined,
    };
    if (!isDeliveryOrder(payload)) {
      if (branch.pickup_available !== 1)
        errors.branch_office ??= [CHECKOUT_MESSAGES.noPickup(branch.title)];
      return pickup;
    }
    if (branch.delivery_available !== 1) {
      errors.address = [CHECKOUT_MESSAGES.noDelivery(branch.title)];
      return pickup;
    }
    if (!payload.address_id) {
      errors.address = [CHECKOUT_MESSAGES.addressRequired];
      return pickup;
    }
    // The stored address decides coverage, fee, minimum and estimate; never the client.
    const saved = await repository.findAddress(customer.id, payload.address_id);
    const zone = saved ? await reference.zoneAt(branch.id, saved.neighbourhood) : undefined;
    if (!saved) errors.address = [CHECKOUT_MESSAGES.addressUnknown];
    else if (!zone)
      errors.address = [CHECKOUT_MESSAGES.addressNotCovered(branch.title, saved.neighbourhood)];
    if (!saved || !zone) return pickup;
    return {
      address: `${saved.address}, ${saved.neighbourhood}, ${saved.city}`,
      addressId: saved.id,
      neighbourhood: saved.neighbourhood,
      addressNotes: saved.notes.trim() || null,
      zone,
    };
  }

  /** The lines priced from the menu as it is now, the zone's fee, and the account's limits. */
  async function priceOf(
    payload: ConfirmCartPayload,
    branch: Branch,
    destination: Destination,
    errors: Errors,
  ) {
    const menuAtBranch = await reference.menu.menuAt(branch.id, [
      ...new Set(payload.detail.map((item) => item.id)),
    ]);
    // Dayparts are weighed at the order's time: now, or the slot a scheduled order is for.
    const at = payload.scheduled_for ? new Date(payload.scheduled_for) : now();
    const { lines, errors: lineErrors } = buildLines(
      payload.detail,
      menuAtBranch,
      branch.title,
      at,
    );
    const quantity = lines.reduce((n, line) => n + line.quantity, 0);
    const subtotal = lines.reduce((n, line) => n + line.total, 0);
    // The zone's fee on top of the products, or its minimum not reached (delivery-zone.ts).
    const { zone, neighbourhood } = destination;
    const delivery = chargeForDelivery(zone === undefined ? [] : [zone], neighbourhood, subtotal);
    if (delivery.problem && lines.length > 0) errors.address = [delivery.problem];
    const { total } = delivery;
    if (quantity > limits.maxUnits)
      lineErrors.push(CHECKOUT_MESSAGES.tooManyUnits(limits.maxUnits));
    else if (total > limits.maxTotal)
      lineErrors.push(CHECKOUT_MESSAGES.totalTooHigh(limits.maxTotal));
    if (lineErrors.length > 0) errors.detail = lineErrors;
    return { lines, quantity, subtotal, total, fee: delivery.fee };
  }

  /**
   * Validates everything against the database, prices it with the shared rule, stores it
   * durably, and answers only after the commit. The same client_order_id from the same
   * customer answers the first order again, never a second.
   */
  async function place(customer: Customer, raw: unknown): Promise<ConfirmCartAnswer> {
    const parsed = confirmCartPayload.safeParse(raw);
    if (!parsed.success) return refuse(clientOrderIdOf(raw), payloadErrors(parsed.error));
    const payload = parsed.data;

    // A retry of an order already stored is answered with that order, whatever changed since
    // (the pace, the branch's hours, the menu). An attempt that passes every check is written
    // without asking first: the unique (user, client_order_id) turns a stored twin into
    // `created: false` below. Only an attempt about to be refused looks whether it is stored.
    const refuseUnlessStored = async (errors: Errors): Promise<ConfirmCartAnswer> => {
      const existing = await deps.storedOrderId(
        orderKey({ user_id: customer.id, client_order_id: payload.client_order_id }),
      );
      return existing !== undefined
        ? answerExisting(existing, payload.client_order_id)
        : refuse(payload.client_order_id, errors);
    };
    const pace = await deps.rateLimiter.hit(
      `orders-user:${customer.id}`,
      limits.ordersPerMinute,
      60,
    );
    if (!pace.allowed) return refuseUnlessStored({ _: [CHECKOUT_MESSAGES.tooManyOrders] });

    const errors: Errors = {};
    const branch = await reference.branchOf(payload.branch_office.id);
    if (!branch) return refuseUnlessStored({ branch_office: [CHECKOUT_MESSAGES.branchUnknown] });
    // An order as soon as possible needs the branch open now; a scheduled one, its slot.
    const when = payload.scheduled_for ?? null;
    if (when === null) await checkOpen(branch, now(), errors);
    const payment = await paymentOf(payload, errors);
    const destination = await destinationOf(customer, payload, branch, errors);
    const price = await priceOf(payload, branch, destination, errors);
    const coupon = await couponOf(customer, payload, branch, price.subtotal, errors);
    if (payment) checkPayWith(payload, payment, price.total - (coupon?.discount ?? 0), errors);
    const times =
      when === null
        ? null
        : await scheduledTimes(branch, when, price.quantity, destination, errors);
    if (Object.keys(errors).length > 0 || !payment) return refuseUnlessStored(errors);

    const paying = payment.kind === 'online' ? deps.payments() : null;
    const expiresAt = paying ? new Date(now().getTime() + paying.expiryMinutes * MINUTE) : null;
    const paid = { payment, expiresAt };
    const draft = draftOf(customer, payload, branch, paid, destination, price, times, coupon);
    const written = await deps.write(draft);
    const lostRace = writeRefusal(written, branch);
    if (lostRace) return refuseUnlessStored(lostRace);
    // A retry of a stored order (or one that lost the race to its twin) answers the stored
    // order; a new one is answered from what was just committed, without reading it back.
    if (!written.created) return answerExisting(written.id, payload.client_order_id);
    const placed = answerOf(draft, written, branch, customer);
    const eta = times ? {} : { eta: await etaOf(branch, destination.zone, draft.quantity) };
    // Paid online, it waits for its money: the branch hears of it once the money comes.
    if (paying) {
      const online = await paying.checkoutFor(placed.id);
      return {
        status: true,
        client_order_id: payload.client_order_id,
        order: placed,
        ...eta,
        payment: online,
      };
    }
    deps.events.placed(placed, branch.id);
    const order = times ? await acceptedIfAsked(placed, branch) : placed;
    return { status: true, client_order_id: payload.client_order_id, order, ...eta };
  }

  /** The payment method: chosen, known and active, and paid online only where a provider is plugged in. */
  async function paymentOf(payload: ConfirmCartPayload, errors: Errors) {
    if (!payload.payment) {
      errors.payment = [CHECKOUT_MESSAGES.paymentRequired];
      return undefined;
    }
    const payment = await reference.paymentOf(payload.payment.id);
    if (!payment) errors.payment = [CHECKOUT_MESSAGES.paymentUnknown];
    else if (payment.kind === 'online' && !deps.payments())
      errors.payment = [CHECKOUT_MESSAGES.onlineUnavailable];
    return payment;
  }

  /**
   * A branch that accepts its scheduled orders by itself answers one just placed accepted.
   * Should the process stop in between, the order simply waits for staff's Aceptar at its fire
   * time.
   */
  const acceptedIfAsked = async (placed: PlacedOrder, branch: Branch) =>
    branch.auto_accept_scheduled === 1 ? ((await deps.autoAccept(placed.id)) ?? placed) : placed;

  /** The discount code, weighed against the products only once they are all known and priced. */
  async function couponOf(
    customer: Customer,
    payload: ConfirmCartPayload,
    branch: Branch,
    subtotal: number,
    errors: Errors,
  ) {
    if (errors.detail) return null;
    const check = { typed: payload.coupon_code, branch, userId: customer.id, subtotal, at: now() };
    return checkCoupon(repository, check, errors);
  }

  /** A scheduled time checked against the branch's hours, exceptions, lead time and pause. */
  async function scheduledTimes(
    branch: Branch,
    when: string,
    units: number,
    destination: Destination,
    errors: Errors,
  ) {
    const [hours, exceptions] = await Promise.all([
      reference.hoursOf(branch.id),
      reference.exceptionsOf(branch.id),
    ]);
    const zoneMinutes = destination.zone?.delivery_minutes ?? 0;
    return deps.schedule.checkScheduled(
      branch,
      when,
      hours,
      exceptions,
      { units, zoneMinutes },
      errors,
    );
  }

  /** The queue-based estimate (decision 037), with the zone's trip. */
  const etaOf = (branch: Branch, zone: ZoneRule | undefined, units?: number) =>
    deps.schedule.asapEta(branch, zone?.delivery_minutes ?? 0, units);

  async function answerExisting(id: number, clientOrderId: string): Promise<ConfirmCartAnswer> {
    const found = await deps.loader.load(id);
    if (!found) return refuse(clientOrderId, { _: [CHECKOUT_MESSAGES.busy] });
    // The same estimate a first answer carries, from today's branch and zone (all remembered reads).
    const branch = await reference.branchOf(found.branchId);
    const { neighbourhood } = found.order;
    const zone =
      branch && neighbourhood !== null
        ? await reference.zoneAt(branch.id, neighbourhood)
        : undefined;
    const asap = branch && found.order.scheduled_for === null;
    // Still waiting for its money: the same checkout again (the attempt still open, or a new one).
    const paying = found.order.status === 'awaiting_payment' ? deps.payments() : null;
    return {
      status: true,
      client_order_id: clientOrderId,
      order: found.order,
      ...(asap ? { eta: await etaOf(branch, zone, found.order.quantity) } : {}),
      ...(paying ? { payment: await paying.checkoutFor(id) } : {}),
    };
  }

  return { place };
}

/**
 * What the write itself refused, nothing being stored: the slot filled since it was offered, or
 * the code was redeemed meanwhile (by another order of the same code, or of the same customer),
 * on this node or another.
 */
function writeRefusal(written: WrittenOrder, branch: Branch): Errors | null {
  if (written.full) return { scheduled_for: [SCHEDULE_MESSAGES.slotFull] };
  if (written.coupon === 'used') return { coupon_code: [CHECKOUT_MESSAGES.couponUsed] };
  if (written.coupon === 'customer')
    return { coupon_code: [CHECKOUT_MESSAGES.couponOncePerCustomer(branch.title)] };
  return null;
}

/**
 * Cash: what the customer pays with, when said, covers what they pay; no other method takes it.
 * `due` is the total after the discount.
 */
function checkPayWith(
  payload: ConfirmCartPayload,
  payment: Payment,
  due: number,
  errors: Errors,
): void {
  if (payload.pay_with === null || payload.pay_with === undefined) return;
  if (payment.kind !== 'cash') errors.pay_with = [CHECKOUT_MESSAGES.payWithNotCash];
  else if (payload.pay_with < due) errors.pay_with = [CHECKOUT_MESSAGES.payWithTooLow(due)];
}

/** The order to store: every figure computed by the server. */
function draftOf(
  customer: Customer,
  payload: ConfirmCartPayload,
  branch: Branch,
  { payment, expiresAt }: { payment: Payment; expiresAt: Date | null },
  destination: Destination,
  price: { lines: OrderDraft['lines']; quantity: number; total: number; fee: number },
  times: ScheduledTimes | null,
  coupon: AppliedCoupon | null,
): OrderDraft {
  const online = payment.kind === 'online';
  const discount = coupon?.discount ?? 0;
  return {
    user_id: customer.id,
    branch_id: branch.id,
    client_order_id: payload.client_order_id,
    type_delivery: isDeliveryOrder(payload) ? 2 : 1,
    address_id: destination.addressId,
    address: destination.address,
    neighbourhood: destination.neighbourhood,
    address_notes: destination.addressNotes,
    customer_phone: customer.phone,
    payment_type_id: payment.id,
    payment_description: payment.description,
    observation: payload.form.observation.trim(),
    quantity: price.quantity,
    total: price.total - discount,
    delivery_fee: price.fee,
    discount,
    coupon_code_id: coupon?.id ?? null,
    scheduled_for: times?.scheduled_for ?? null,
    fire_at: times?.fire_at ?? null,
    status: online ? 'awaiting_payment' : 'received',
    payment_status: online ? 'pending' : null,
    pay_with: payment.kind === 'cash' ? (payload.pay_with ?? null) : null,
    payment_expires_at: expiresAt?.toISOString() ?? null,
    lines: price.lines,
  };
}

/**
 * A new order's answer from what was just committed. Field by field rather than spreading the
 * draft: this literal is built for every order, and a spread of the draft into a wider object
 * was the costliest line of placement.
 */
function answerOf(
  draft: OrderDraft,
  written: Written,
  branch: Branch,
  customer: Customer,
): PlacedOrder {
  return placedOrder(
    {
      id: written.id,
      client_order_id: draft.client_order_id,
      branch_id: draft.branch_id,
      type_delivery: draft.type_delivery,
      address: draft.address,
      neighbourhood: draft.neighbourhood,
      address_notes: draft.address_notes,
      address_id: draft.address_id,
      payment_description: draft.payment_description,
      payment_status: draft.payment_status,
      refunded_amount: 0,
      pay_with: draft.pay_with,
      observation: draft.observation,
      quantity: draft.quantity,
      total: draft.total,
      delivery_fee: draft.delivery_fee,
      discount: draft.discount,
      branch_title: branch.title,
      branch_address: branch.address,
      status: draft.status,
      created_at: written.at,
      accepted_at: null,
      promised_at: null,
      reject_reason: null,
      scheduled_for: draft.scheduled_for,
      fire_at: draft.fire_at,
      customer_name: customer.name,
      customer_phone: draft.customer_phone,
    },
    draft.lines,
    [{ status: draft.status, at: written.at }],
  );
}
