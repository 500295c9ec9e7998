import { formatMoney } from '@comanda/shared';
import { randomInt } from 'node:crypto';
import { mailTemplates } from '../mail/templates';
import { activeCoupon, insertCode, insertSignup } from './coupon-codes-repository';
import type { CouponDeps, NewDiscountSignup } from './types';

/** No 0/O, 1/I/L: a code read aloud over the phone or copied from a screen survives. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `XXXX-XXXX`: 31⁸ ≈ 8.5 × 10¹¹ codes, drawn with the system's CSPRNG, so nobody guesses one. */
export function newCouponCode(): string {
  const char = () => ALPHABET[randomInt(ALPHABET.length)]!;
  const part = () => Array.from({ length: 4 }, char).join('');
  return `${part()}-${part()}`;
}

/** What a code takes off, in the customer's words. */
export function couponTerms(terms: {
  discount_percent: number;
  discount_amount: number;
  min_order: number;
}): string {
  const off =
    terms.discount_amount > 0
      ? `${formatMoney(terms.discount_amount)} de descuento`
      : `${terms.discount_percent}% de descuento`;
  return terms.min_order > 0
    ? `${off} en un pedido desde ${formatMoney(terms.min_order)}.`
    : `${off} en tu pedido.`;
}

const dayFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeZone: 'America/Bogota',
});

/**
 * A discount signup and its code in one transaction, the email with them (decision 038): the
 * code exists if and only if the signup does, and the email goes out if and only if both do.
 * A branch without an active coupon stores the signup alone, as before. Answers the code issued
 * (or null without an active coupon); undefined when the email already signed up there.
 */
export async function signUpWithCode(
  deps: CouponDeps,
  signup: Omit<NewDiscountSignup, 'created_at'>,
  branchTitle: string,
  at: Date,
): Promise<string | null | undefined> {
  const { db, mail } = deps;
  const result = await db.transaction().execute(async (trx) => {
    const signupId = await insertSignup(trx, { ...signup, created_at: at.toISOString() });
    if (signupId === null) return undefined;
    const coupon = await activeCoupon(trx, signup.branch_id);
    if (!coupon) return null;
    const expires = new Date(at.getTime() + Math.max(1, coupon.valid_days) * 86_400_000);
    const code = newCouponCode();
    await insertCode(trx, {
      code,
      branch_id: signup.branch_id,
      signup_id: signupId,
      email: signup.email,
      discount_percent: coupon.discount_percent,
      discount_amount: coupon.discount_amount,
      min_order: coupon.min_order,
      created_at: at.toISOString(),
      expires_at: expires.toISOString(),
    });
    await mail.enqueue(trx, {
      kind: 'coupon-code',
      to: signup.email,
      ...mailTemplates.couponCode({
        name: signup.name,
        branch: branchTitle,
        code,
        terms: couponTerms(coupon),
        expires: dayFormat.format(expires),
        link: `${deps.publicUrl}/menu`,
      }),
    });
    return code;
  });
  if (result) mail.nudge();
  return result;
}
