import { type Promotion } from '@comanda/shared';
import { chainPromotions, promotionsFor, usedByCustomer } from '../../lib/promotion-rules';
import type { PromotionsDeps } from './types';

/**
 * `GET /api/promotions?branch=ID`: the rules in force at the branch now; with a session, less
 * those the customer has used up. The storefront prices its cart with them (decision 082).
 */
export async function promotionsInForce(
  { write, clock }: PromotionsDeps,
  branchId: number,
  userId: number | null,
): Promise<Promotion[]> {
  const rules = await chainPromotions(write.reader);
  const used = await usedByCustomer(write.reader, rules, userId);
  return promotionsFor(rules, { branchId, at: new Date(clock.now()), used });
}
