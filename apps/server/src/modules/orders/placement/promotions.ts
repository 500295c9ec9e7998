// Placement's promotions (product.md «Promotions», decision 082): the rules in force for the
// branch at the order's time and the customer's limits, priced with the code by the same
// function the storefront's cart uses; a total the customer did not see is refused.
import {
  CHECKOUT_MESSAGES,
  priceWithPromotions,
  type PromotedPrice,
  type Promotion,
} from '@comanda/shared';
import { promotionsFor, usedByCustomer } from '../../../lib/promotion-rules';
import type { BranchRow, ConfirmCartPayload, Customer, Errors, Price } from '../types';
import type { CheckDeps } from './checks';
import type { AppliedCoupon } from './coupon';

/** The order's figures under its promotions and its code; `errors.total` when the customer saw another total. */
export async function promotedPrice(
  deps: CheckDeps,
  order: {
    customer: Customer;
    payload: ConfirmCartPayload;
    branch: BranchRow;
    price: Price;
    coupon: AppliedCoupon | null;
    /** The courier's tip, checked (tipOf): paid with the order, never part of its sale. */
    tip: number;
  },
  errors: Errors,
): Promise<PromotedPrice> {
  const { customer, payload, branch, price, coupon, tip } = order;
  const rules = errors.detail ? [] : await rulesFor(deps, customer, payload, branch);
  const input = { rules, lines: price.lines, fee: price.fee };
  const promoted = priceWithPromotions({ ...input, code: coupon?.terms ?? null, tip });
  const expected = payload.expected_total;
  if (expected !== null && expected !== undefined && !errors.detail) {
    // The customer's page priced no code: compare what it showed.
    const shown = coupon ? priceWithPromotions(input).total : promoted.total;
    if (shown !== expected) errors.total = [CHECKOUT_MESSAGES.totalChanged(shown)];
  }
  return promoted;
}

/** The rules in force at the branch at the order's time (its slot when scheduled), less those the customer used up. */
async function rulesFor(
  deps: CheckDeps,
  customer: Customer,
  payload: ConfirmCartPayload,
  branch: BranchRow,
): Promise<Promotion[]> {
  const rules = await deps.reference.promotionsOf();
  if (rules.length === 0) return [];
  const at = payload.scheduled_for ? new Date(payload.scheduled_for) : new Date(deps.clock.now());
  const used = await usedByCustomer(deps.db, rules, customer.id);
  return promotionsFor(rules, { branchId: branch.id, at, used });
}
