// The codes a discount signup issues, and the coupon terms they copy: plain functions of the
// signup's transaction (decision 065).
import type { DbExecutor } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { NewDiscountSignup } from './types';

/** The signup's id, or null when the email already signed up at the branch (a race too). */
export async function insertSignup(
  trx: DbExecutor,
  signup: NewDiscountSignup,
): Promise<number | null> {
  try {
    const row = await trx
      .insertInto('discount_signups')
      .values(signup)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

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
