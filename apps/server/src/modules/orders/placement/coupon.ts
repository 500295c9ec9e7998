import { CHECKOUT_MESSAGES } from '@comanda/shared';
import { findCouponCode, redeemedAtBranch } from '../reference/reference-repository';
import type { Errors, OrdersStore } from '../types';

/** A code as issued (`ABCD-2345`) from what a customer typed: any case, spaces, with or without the dash. */
export function normaliseCouponCode(typed: string | null | undefined): string | null {
  const text = (typed ?? '').replace(/\s+/g, '').toUpperCase();
  if (text === '') return null;
  return /^[A-Z0-9]{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4)}` : text;
}

/**
 * What a code takes off the products' total (`subtotal`, before the delivery fee): its amount,
 * or else its percentage rounded down to whole pesos; never more than the products cost.
 */
export function couponDiscount(
  terms: { discount_percent: number; discount_amount: number },
  subtotal: number,
): number {
  const off =
    terms.discount_amount > 0
      ? terms.discount_amount
      : Math.floor((subtotal * terms.discount_percent) / 100);
  return Math.max(0, Math.min(off, subtotal));
}

/** The code a placement redeems and what it takes off. */
export interface AppliedCoupon {
  id: number;
  discount: number;
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
  return { id: code.id, discount: couponDiscount(code, input.subtotal) };
}
