// The codes a discount signup issues, and the coupon terms they copy: plain functions of the
// signup's transaction (decision 065).
import type { DbExecutor } from '../../db/types';
import type { NewDiscountSignup } from './types';

/**
 * The signup's id, or null when the email already signed up at the branch (a race too). The
 * conflict is skipped, not raised: the transaction goes on to tell the email it was there.
 */
export async function insertSignup(
  trx: DbExecutor,
  signup: NewDiscountSignup,
): Promise<number | null> {
  const row = await trx
    .insertInto('discount_signups')
    .values(signup)
    .onConflict((oc) => oc.columns(['branch_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The code an email's signup at the branch was issued, if any, with its state. */
export const signupCode = (executor: DbExecutor, branchId: number, email: string) =>
  executor
    .selectFrom('discount_signups as s')
    .innerJoin('coupon_codes as c', 'c.signup_id', 's.id')
    .select([
      'c.code',
      'c.discount_percent',
      'c.discount_amount',
      'c.min_order',
      'c.expires_at',
      'c.redeemed_at',
    ])
    .where('s.branch_id', '=', branchId)
    .where('s.email', '=', email)
    .executeTakeFirst();

/**
 * The branch's active coupon and its terms, if it has one: the newest, the row the back office
 * edits and the storefront shows.
 */
export const activeCoupon = (trx: DbExecutor, branchId: number) =>
  trx
    .selectFrom('coupons')
    .select(['id', 'discount_percent', 'discount_amount', 'min_order', 'valid_days'])
    .where('branch_id', '=', branchId)
    .where('active', '=', 1)
    .orderBy('id', 'desc')
    .executeTakeFirst();

export async function insertCode(
  trx: DbExecutor,
  code: {
    code: string;
    branch_id: number;
    signup_id: number;
    email: string;
    discount_percent: number;
    discount_amount: number;
    min_order: number;
    created_at: string;
    expires_at: string;
  },
) {
  await trx.insertInto('coupon_codes').values(code).execute();
}
