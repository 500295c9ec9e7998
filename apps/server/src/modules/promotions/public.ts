import { type Promotion } from '@comanda/shared';
import { chainPromotions, promotionsFor, usedByCustomer } from '../../lib/promotion-rules';
import type { PromotionsDeps } from './types';

/**
 * `GET /api/promotions?branch=ID`: the rules in force at the branch now (or at `at`, a scheduled
 * order's slot); with a session, less those the customer has used up. The storefront prices its
 * cart with them (decision 082).
 */
export async function promotionsInForce(
  { write, clock }: PromotionsDeps,
  query: { branch: number; at?: string | undefined },
  userId: number | null,
): Promise<Promotion[]> {
  const rules = await chainPromotions(write.reader);
  const used = await usedByCustomer(write.reader, rules, userId);
  const at = new Date(query.at ?? clock.now());
  return promotionsFor(rules, { branchId: query.branch, at, used });
}
