import { formatMoney } from '@comanda/shared';
import { randomInt } from 'node:crypto';
import type { Timestamp } from '../../db/types';
import { mailTemplates } from '../mail/templates';
import { activeCoupon, insertCode, insertSignup, signupCode } from './coupon-codes-repository';
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

/** At most one «ya estabas inscrito» notice per email and branch in this long. */
const NOTICE_WINDOW_SECONDS = 3600;

/** Who signed up, where. */
interface Signup {
  signup: Omit<NewDiscountSignup, 'created_at'>;
  branchTitle: string;
}

/**
 * A discount signup and its code in one transaction, the email with them (decision 038): the
 * code exists if and only if the signup does, and the email goes out if and only if both do.
 * A branch without an active coupon stores the signup alone, as before. The code goes only to
 * the email (decision 076). Answers whether the signup is new (false: the email was there).
 */
async function storeSignup(deps: CouponDeps, { signup, branchTitle }: Signup, at: Date) {
  const { db, mail } = deps;
  return db.transaction().execute(async (trx) => {
    const signupId = await insertSignup(trx, { ...signup, created_at: at.toISOString() });
    if (signupId === null) return false;
    const coupon = await activeCoupon(trx, signup.branch_id);
    if (!coupon) return true;
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
    return true;
  });
}

const instant = (value: Timestamp) => (value instanceof Date ? value : new Date(value));

/**
 * Tells an email that signed up here before that it is already in: its code again while it can
 * still be used, else why not. Hourly at most, so a form sent over and over floods no mailbox.
 */
async function remindSignup(deps: CouponDeps, { signup, branchTitle }: Signup, at: Date) {
  const { db, mail, rateLimiter } = deps;
  const key = `discount-notice:${signup.branch_id}:${signup.email}`;
  if (!(await rateLimiter.hit(key, 1, NOTICE_WINDOW_SECONDS)).allowed) return;
  const found = await signupCode(db, signup.branch_id, signup.email);
  const live = found && found.redeemed_at === null && instant(found.expires_at) > at;
  await mail.enqueue(db, {
    kind: 'coupon-code',
    to: signup.email,
    ...mailTemplates.alreadySignedUp({
      name: signup.name,
      branch: branchTitle,
      code: live
        ? {
            code: found.code,
            terms: couponTerms(found),
            expires: dayFormat.format(instant(found.expires_at)),
          }
        : null,
      link: `${deps.publicUrl}/menu`,
    }),
  });
}

/**
 * A discount signup, answered the same whether or not the email had signed up at the branch
 * (decision 076): a new one gets its code by email, one that was there is told so by email.
 */
export async function signUpWithCode(deps: CouponDeps, signup: Signup, at: Date): Promise<void> {
  if (!(await storeSignup(deps, signup, at))) await remindSignup(deps, signup, at);
  deps.mail.nudge();
}
