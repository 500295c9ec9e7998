import type { DbExecutor } from '../../db/types';
import { isUniqueViolation } from '../../lib/unique-violation';

/** The codes a discount signup issues, and the coupon terms they copy. */
export function createCouponCodesRepository(db: DbExecutor) {
  return {
    transaction: <T>(work: (trx: DbExecutor) => Promise<T>) => db.transaction().execute(work),

    /** The signup's id, or null when the email already signed up at the branch (a race too). */
    async insertSignup(
      trx: DbExecutor,
      signup: {
        branch_id: number;
        name: string;
        phone: string;
        email: string;
        address: string;
        source_id: number;
        created_at: string;
      },
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
    },

    /**
     * The branch's active coupon and its terms, if it has one: the newest, the row the back
     * office edits and the storefront shows.
     */
    activeCoupon: (trx: DbExecutor, branchId: number) =>
      trx
        .selectFrom('coupons')
        .select(['id', 'discount_percent', 'discount_amount', 'min_order', 'valid_days'])
        .where('branch_id', '=', branchId)
        .where('active', '=', 1)
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    async insertCode(
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
    },
  };
}

export type CouponCodesRepository = ReturnType<typeof createCouponCodesRepository>;
