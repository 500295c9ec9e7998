import type { DbExecutor } from '../../../db/types';
import { releaseSlot } from '../schedule/slot-repository';
import type { CouponRefusal, OrderDraft } from '../types';

/** A draft's claim on its code. */
export interface CouponClaim {
  coupon_code_id: number;
  user_id: number;
}

/**
 * Redeems a code inside the placement's transaction: one conditional UPDATE, taken only while
 * the code is unredeemed and the customer has redeemed none at the code's branch. On PostgreSQL the
 * second of two transactions racing for one code waits for the first's row lock and then finds
 * it redeemed; on SQLite the one writer serialises them. `used` or `customer` says why a claim
 * was refused (the code was taken meanwhile, or the customer redeemed another one meanwhile).
 */
export async function claimCoupon(
  trx: DbExecutor,
  claim: CouponClaim,
  at: string,
): Promise<'claimed' | 'used' | 'customer'> {
  const result = await trx
    .updateTable('coupon_codes')
    .set({ redeemed_at: at, redeemed_by: claim.user_id })
    .where('id', '=', claim.coupon_code_id)
    .where('redeemed_at', 'is', null)
    // The code's own branch: the one its unique (branch_id, redeemed_by) pair is kept in.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('coupon_codes as other')
            .select('other.id')
            .whereRef('other.branch_id', '=', 'coupon_codes.branch_id')
            .where('other.redeemed_by', '=', claim.user_id),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'claimed';
  const row = await trx
    .selectFrom('coupon_codes')
    .select('redeemed_at')
    .where('id', '=', claim.coupon_code_id)
    .executeTakeFirst();
  return row?.redeemed_at === null ? 'customer' : 'used';
}

/**
 * Redeems the discount codes of a batch's drafts, in code order (two nodes' batches lock the
 * rows in the same order); removes from `fresh`, and answers with the reason, those whose code
 * was taken meanwhile, giving back the slot such a draft had claimed in this transaction.
 */
export async function claimCoupons(
  trx: DbExecutor,
  fresh: Map<string, OrderDraft>,
  at: string,
): Promise<Map<string, CouponRefusal>> {
  const refused = new Map<string, CouponRefusal>();
  const withCode = [...fresh].filter(([, draft]) => draft.coupon_code_id !== null);
  withCode.sort(([, a], [, b]) => a.coupon_code_id! - b.coupon_code_id!);
  for (const [key, draft] of withCode) {
    const claim = { coupon_code_id: draft.coupon_code_id!, user_id: draft.user_id };
    const outcome = await claimCoupon(trx, claim, at);
    if (outcome === 'claimed') continue;
    refused.set(key, outcome);
    fresh.delete(key);
    if (draft.scheduled_for !== null)
      await releaseSlot(trx, {
        branch_id: draft.branch_id,
        slot: draft.scheduled_for,
        units: draft.quantity,
      });
  }
  return refused;
}
