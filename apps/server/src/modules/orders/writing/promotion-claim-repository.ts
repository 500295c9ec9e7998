import type { DialectName } from '../../../db/dialect';
import { customerPromotionTexts } from '../../../db/promotions-repository';
import type { DbExecutor } from '../../../db/types';
import { appliedOf } from '../../../lib/promotion-rules';
import { releaseSlot } from '../schedule/slot-repository';
import type { OrderDraft } from '../types';

/** The per-customer limits of these promotions: id → limit, only those that have one. */
async function limitsOf(trx: DbExecutor, ids: number[]): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom('promotions')
    .select(['id', 'per_customer_limit'])
    .where('id', 'in', ids)
    .where('per_customer_limit', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.per_customer_limit!]));
}

/** Holds the customer's row to the end of the transaction: their placements claim one at a time. */
async function holdCustomer(trx: DbExecutor, dialect: DialectName, userId: number) {
  // SQLite's one writer already runs the batches one after another.
  if (dialect !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** How many of the customer's stored orders took each promotion (those that count: decision 082). */
async function usedBy(trx: DbExecutor, userId: number): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  for (const text of await customerPromotionTexts(trx, userId))
    for (const { id } of appliedOf(text)) used.set(id, (used.get(id) ?? 0) + 1);
  return used;
}

/**
 * Claims the per-customer limits of the promotions a batch's drafts took, inside the placement's
 * transaction (decision 082, amended by 086): each customer's row is held (PostgreSQL, in user
 * order, as the positions are: two nodes' batches cannot deadlock), their orders that took each
 * rule are counted, and a draft that would go past a limit, counting the drafts before it in the
 * batch, is not written. Removes those from `fresh`, giving back a slot one had claimed, and
 * answers their keys. Runs before the codes are claimed, so a refused draft redeems none.
 */
export async function claimPromotionLimits(
  trx: DbExecutor,
  dialect: DialectName,
  fresh: Map<string, OrderDraft>,
): Promise<Set<string>> {
  const refused = new Set<string>();
  const taking = [...fresh]
    .map(([key, draft]) => ({ key, draft, ids: appliedOf(draft.promotions).map((p) => p.id) }))
    .filter(({ ids }) => ids.length > 0);
  if (taking.length === 0) return refused;
  const limits = await limitsOf(trx, [...new Set(taking.flatMap(({ ids }) => ids))]);
  const limited = taking.filter(({ ids }) => ids.some((id) => limits.has(id)));
  limited.sort((a, b) => a.draft.user_id - b.draft.user_id);
  const usedByUser = new Map<number, Map<number, number>>();
  for (const { key, draft, ids } of limited) {
    let used = usedByUser.get(draft.user_id);
    if (!used) {
      await holdCustomer(trx, dialect, draft.user_id);
      used = await usedBy(trx, draft.user_id);
      usedByUser.set(draft.user_id, used);
    }
    const counted = ids.filter((id) => limits.has(id));
    if (counted.every((id) => (used.get(id) ?? 0) < limits.get(id)!)) {
      for (const id of counted) used.set(id, (used.get(id) ?? 0) + 1);
      continue;
    }
    refused.add(key);
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
