// Placement's checks, in the order place() makes them: each adds its Spanish reasons to `errors`
// and answers what the order is made of (the payment, the destination, the price, the coupon,
// the scheduled times). They read the remembered reference data and the store; none writes.
import {
  CHECKOUT_MESSAGES,
  describeChainTime,
  describeNextOpening,
  isDeliveryOrder,
  nextOpening,
} from '@comanda/shared';
import { pauseState } from '../../../lib/branch-pause';
import type { Clock } from '../../../lib/clock';
import type { OrderReference } from '../reference/reference';
import { findAddress } from '../reference/reference-repository';
import { checkScheduled } from '../schedule/schedule';
import type {
  BranchRow,
  ConfirmCartPayload,
  Customer,
  Destination,
  Errors,
  OrderLimits,
  OrderPlugs,
  OrdersStore,
  Payment,
  Price,
} from '../types';
import { buildLines } from './build-lines';
import { checkCoupon } from './coupon';
import { chargeForDelivery } from './delivery-zone';

/** What the checks read: the store, the time, the remembered reference data. */
export type CheckDeps = OrdersStore & { clock: Clock; reference: OrderReference };

/** Whether the branch is open now by its hours and exceptions, and whether it is paused. */
async function openState(deps: Omit<CheckDeps, 'db' | 'dialect'>, branch: BranchRow) {
  const { reference } = deps;
  const at = new Date(deps.clock.now());
  const [hours, exceptions] = await Promise.all([
    reference.hoursOf(branch.id),
    reference.exceptionsOf(branch.id),
  ]);
  const open = reference.openAt(hours, exceptions, at);
  return { at, hours, exceptions, open, pause: pauseState(branch.paused_until, at) };
}

/** Whether a branch takes orders now (checkOpen's rule, without the reasons): for the metrics. */
export async function acceptingOrders(
  deps: Omit<CheckDeps, 'db' | 'dialect'>,
  branchId: number,
): Promise<boolean> {
  const branch = await deps.reference.branchOf(branchId);
  if (!branch) return false;
  const { open, pause } = await openState(deps, branch);
  return open && !pause.paused;
}

/** Is the branch taking orders now: open by its hours and exceptions, and not paused. */
export async function checkOpen(deps: CheckDeps, branch: BranchRow, errors: Errors): Promise<void> {
  const { at, hours, exceptions, open, pause } = await openState(deps, branch);
  if (!open) {
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

/** The payment method: chosen, known and active, and paid online only where a provider is plugged in. */
export async function paymentOf(
  deps: { reference: OrderReference; plugs: Pick<OrderPlugs, 'payments'> },
  payload: ConfirmCartPayload,
  errors: Errors,
): Promise<Payment | undefined> {
  if (!payload.payment) {
    errors.payment = [CHECKOUT_MESSAGES.paymentRequired];
    return undefined;
  }
  const payment = await deps.reference.paymentOf(payload.payment.id);
  if (!payment) errors.payment = [CHECKOUT_MESSAGES.paymentUnknown];
  else if (payment.kind === 'online' && !deps.plugs.payments)
    errors.payment = [CHECKOUT_MESSAGES.onlineUnavailable];
  return payment;
}

/** The customer's choice, by the rule the storefront shares: explicit type, else the stored delivery. */
export async function destinationOf(
  deps: CheckDeps,
  customer: Customer,
  payload: ConfirmCartPayload,
  branch: BranchRow,
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
  const saved = await findAddress(deps, customer.id, payload.address_id);
  const zone = saved ? await deps.reference.zoneAt(branch.id, saved.neighbourhood) : undefined;
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
export async function priceOf(
  deps: CheckDeps & { limits: OrderLimits },
  payload: ConfirmCartPayload,
  branch: BranchRow,
  destination: Destination,
  errors: Errors,
): Promise<Price> {
  const { limits } = deps;
  const menuAtBranch = await deps.reference.menu.menuAt(branch.id, [
    ...new Set(payload.detail.map((item) => item.id)),
  ]);
  // Dayparts are weighed at the order's time: now, or the slot a scheduled order is for.
  const at = payload.scheduled_for ? new Date(payload.scheduled_for) : new Date(deps.clock.now());
  const { lines, errors: lineErrors } = buildLines(payload.detail, menuAtBranch, branch.title, at);
  const quantity = lines.reduce((n, line) => n + line.quantity, 0);
  const subtotal = lines.reduce((n, line) => n + line.total, 0);
  // The zone's fee on top of the products, or its minimum not reached (delivery-zone.ts).
  const { zone, neighbourhood } = destination;
  const delivery = chargeForDelivery(zone === undefined ? [] : [zone], neighbourhood, subtotal);
  if (delivery.problem && lines.length > 0) errors.address = [delivery.problem];
  const { total } = delivery;
  if (quantity > limits.maxUnits) lineErrors.push(CHECKOUT_MESSAGES.tooManyUnits(limits.maxUnits));
  else if (total > limits.maxTotal)
    lineErrors.push(CHECKOUT_MESSAGES.totalTooHigh(limits.maxTotal));
  if (lineErrors.length > 0) errors.detail = lineErrors;
  return { lines, quantity, subtotal, total, fee: delivery.fee };
}

/** The discount code, weighed against the products only once they are all known and priced. */
export async function couponOf(
  deps: CheckDeps,
  customer: Customer,
  payload: ConfirmCartPayload,
  branch: BranchRow,
  subtotal: number,
  errors: Errors,
) {
  if (errors.detail) return null;
  const at = new Date(deps.clock.now());
  const check = { typed: payload.coupon_code, branch, userId: customer.id, subtotal, at };
  return checkCoupon(deps, check, errors);
}

/**
 * Cash: what the customer pays with, when said, covers what they pay; no other method takes it.
 * `due` is the total after the discount, with the courier's tip.
 */
export function checkPayWith(
  payload: ConfirmCartPayload,
  payment: Payment,
  due: number,
  errors: Errors,
): void {
  if (payload.pay_with === null || payload.pay_with === undefined) return;
  if (payment.kind !== 'cash') errors.pay_with = [CHECKOUT_MESSAGES.payWithNotCash];
  else if (payload.pay_with < due) errors.pay_with = [CHECKOUT_MESSAGES.payWithTooLow(due)];
}

/**
 * The courier's tip (decision 085) is for a delivery: on a pickup order a tip above 0 is refused
 * rather than dropped, so the customer never pays what they did not mean to. Answers the tip to
 * price with (0: none).
 */
export function tipOf(payload: ConfirmCartPayload, errors: Errors): number {
  const tip = payload.tip ?? 0;
  if (tip === 0) return 0;
  if (!isDeliveryOrder(payload)) {
    errors.tip = [CHECKOUT_MESSAGES.tipPickup];
    return 0;
  }
  return tip;
}

/** A scheduled time checked against the branch's hours, exceptions, lead time and pause. */
export async function scheduledTimes(
  deps: CheckDeps,
  branch: BranchRow,
  when: string,
  units: number,
  destination: Destination,
  errors: Errors,
) {
  const [hours, exceptions] = await Promise.all([
    deps.reference.hoursOf(branch.id),
    deps.reference.exceptionsOf(branch.id),
  ]);
  const zoneMinutes = destination.zone?.delivery_minutes ?? 0;
  return checkScheduled(deps, branch, when, hours, exceptions, { units, zoneMinutes }, errors);
}
