import {
  CHECKOUT_MESSAGES,
  SCHEDULE_MESSAGES,
  type Branch,
  type PaymentType,
} from '@comanda/shared';
import { readPesos } from '@/entities/payment/lib/pay-with';
import type { PlacedErrors } from './checkout-order';

export interface ContinueInput {
  branch: Branch | null;
  payment: PaymentType | null;
  /** Cash: what the customer pays with, as typed. */
  payWith: string;
  couponCode: string;
  when: { scheduling: boolean; slot: string | null };
  deliveryOrder: boolean;
  addressId: number | null;
  /** The delivery zone's minimum not reached (see delivery-charge.ts), or null. */
  deliveryProblem: string | null;
  /** What the customer pays (with the tip), which cash must cover. */
  total: number;
  /** A delivery's tip as read (tipAmount); null: what was typed cannot be read. */
  tip?: number | null;
}

/**
 * What is missing or wrong before Continuar may send (product.md «Validation rules and
 * messages»), by the part of the screen it concerns; and the cash given, read as pesos.
 */
export function continueProblems(input: ContinueInput): {
  found: PlacedErrors;
  cashGiven: number | null;
} {
  const { branch, payment, payWith, couponCode, when, deliveryOrder, addressId } = input;
  const found: PlacedErrors = {};
  if (!branch) found.branch = [CHECKOUT_MESSAGES.branchRequired];
  if (!payment) found.payment = [CHECKOUT_MESSAGES.paymentRequired];
  const cashGiven = payment?.cash && payWith.trim() ? readPesos(payWith) : null;
  if (payment?.cash && payWith.trim() && cashGiven === null)
    found.payWith = [CHECKOUT_MESSAGES.payWithUnreadable];
  // A discount is the server's to price: with a code typed, it alone says whether cash covers it.
  else if (cashGiven !== null && cashGiven < input.total && !couponCode.trim())
    found.payWith = [CHECKOUT_MESSAGES.payWithTooLow(input.total)];
  if (deliveryOrder && input.tip === null) found.tip = [CHECKOUT_MESSAGES.tipUnreadable];
  if (when.scheduling && !when.slot) found.when = [SCHEDULE_MESSAGES.invalidTime];
  if (deliveryOrder && addressId === null) found.address = [CHECKOUT_MESSAGES.addressRequired];
  else if (deliveryOrder && input.deliveryProblem) found.address = [input.deliveryProblem];
  // The server's refusal, said before sending; a branch stored before this flag existed has none.
  const pickup: Branch['pickup'] | undefined = branch?.pickup;
  if (branch && !deliveryOrder && pickup?.available === false)
    found.branch = [CHECKOUT_MESSAGES.noPickup(branch.title)];
  return { found, cashGiven };
}
