import { CHECKOUT_MESSAGES, type CodeTerms } from '@comanda/shared';
import { findCouponCode, redeemedAtBranch } from '../reference/reference-repository';
import type { Errors, OrdersStore } from '../types';

/** A code as issued (`ABCD-2345`) from what a customer typed: any case, spaces, with or without the dash. */
export function normaliseCouponCode(typed: string | null | undefined): string | null {
  const text = (typed ?? '').replace(/\s+/g, '').toUpperCase();
  if (text === '') return null;
  return /^[A-Z0-9]{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4)}` : text;
}

/**
 * The code a placement would redeem and its terms: what it takes off is priced with the
 * promotions by the shared priceWithPromotions (the better of it and a promotion that does not stack).
 */
export interface AppliedCoupon {
  id: number;
  terms: CodeTerms;
}

/**
 * product.md «Discount codes»: checks a typed code against the branch, its expiry, whether it
 * was redeemed, the order's products and the customer's earlier redemptions at the branch. A
 * refusal goes into `errors.coupon_code`; the code is only redeemed by the order's own write
 * (writing/coupon-repository.ts, claimCoupons), which checks again against the committed rows.
 */
export async function checkCoupon(
  store: OrdersStore,
  input: {
    typed: string | null | undefined;
    branch: { id: number; title: string };
    userId: number;
    subtotal: number;
    at: Date;
  },
  errors: Errors,
): Promise<AppliedCoupon | null> {
  const text = normaliseCouponCode(input.typed);
  if (text === null) return null;
  const refuse = (message: string) => {
    errors.coupon_code = [message];
    return null;
  };
  const code = await findCouponCode(store, text);
  if (!code) return refuse(CHECKOUT_MESSAGES.couponUnknown);
  if (code.branch_id !== input.branch.id)
    return refuse(CHECKOUT_MESSAGES.couponOtherBranch(input.branch.title));
  if (code.redeemed_at !== null) return refuse(CHECKOUT_MESSAGES.couponUsed);
  if (new Date(code.expires_at).getTime() <= input.at.getTime())
    return refuse(CHECKOUT_MESSAGES.couponExpired);
  if (input.subtotal < code.min_order)
    return refuse(CHECKOUT_MESSAGES.couponBelowMinimum(code.min_order));
  if (await redeemedAtBranch(store, input.branch.id, input.userId))
    return refuse(CHECKOUT_MESSAGES.couponOncePerCustomer(input.branch.title));
  const { discount_percent, discount_amount } = code;
  return { id: code.id, terms: { discount_percent, discount_amount } };
}
