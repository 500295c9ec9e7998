import {
  PROMOTION_MESSAGES as M,
  type AdminPromotion,
  type AuditAction,
  type PromotionInput,
} from '@comanda/shared';
import {
  countExisting,
  deletePromotion,
  findPromotionRow,
  insertPromotion,
  listPromotionRows,
  updatePromotion,
  type PromotionValues,
} from '../../db/promotions-repository';
import type { DbExecutor } from '../../db/types';
import type { ChangeDone, VersionCheck } from '../../lib/admin-write';
import type { AuditActor } from '../../lib/audit-record';
import { invalid } from '../../lib/http-error';
import { adminPromotionOf } from '../../lib/promotion-rules';
import type { PromotionsDeps } from './types';

// The back office's Promociones: every write through the one write path (decision 032), each
// change published as a catalogue change so every node's storefront and placement drop the
// rules they remember.

const CATALOG_CHANGED = [{ type: 'catalog' }] as const;

const findPromotion = async (executor: DbExecutor, id: number) => {
  const row = await findPromotionRow(executor, id);
  return row ? adminPromotionOf(row) : null;
};

export const adminPromotions = async (executor: DbExecutor) =>
  (await listPromotionRows(executor)).map(adminPromotionOf);

const valuesOf = (body: PromotionInput, active: boolean): PromotionValues => ({
  title: body.title,
  kind: body.kind,
  // Only the kind's own figures are kept: a 2x1 turned into a percentage forgets its 2 and 1.
  buy: body.kind === 'nxm' ? body.buy : null,
  pay: body.kind === 'nxm' ? body.pay : null,
  percent: body.kind === 'percent' ? body.percent : null,
  amount: body.kind === 'amount' ? body.amount : null,
  price: body.kind === 'combo' ? body.price : null,
  min_order: body.kind === 'free_delivery' ? body.min_order : null,
  product_ids: JSON.stringify(body.kind === 'free_delivery' ? [] : body.product_ids),
  category_ids: JSON.stringify(body.kind === 'free_delivery' ? [] : body.category_ids),
  days: JSON.stringify(body.days),
  time_from: body.from,
  time_to: body.to,
  branch_ids: JSON.stringify(body.branch_ids),
  starts_on: body.starts_on,
  ends_on: body.ends_on,
  per_customer_limit: body.per_customer_limit,
  stacks_with_code: body.stacks_with_code ? 1 : 0,
  active: active ? 1 : 0,
});

/** A rule naming a product, a category or a branch that does not exist is refused, field by field. */
async function checkReferences(trx: DbExecutor, body: PromotionInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  const lists = [
    ['product_ids', 'products', body.product_ids, M.unknownProduct],
    ['category_ids', 'categories', body.category_ids, M.unknownCategory],
    ['branch_ids', 'branches', body.branch_ids, M.unknownBranch],
  ] as const;
  for (const [field, table, ids, message] of lists)
    if ((await countExisting(trx, table, ids)) !== ids.length) errors[field] = [message];
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const done = (
  result: AdminPromotion,
  action: AuditAction,
  summary: string,
  before: AdminPromotion | null,
): ChangeDone<AdminPromotion> => ({
  result,
  audit: { action, entity: 'promotion', entity_id: result.id, summary, before, after: result },
  publish: CATALOG_CHANGED,
});

const versionOf = (
  { write }: PromotionsDeps,
  id: number,
  expected: number | undefined,
): VersionCheck => ({
  claim: (trx) => write.repository.claimVersion(trx, 'promotions', id, expected),
  current: () => findPromotion(write.reader, id),
  notFound: M.notFound,
});

export const createPromotion = (deps: PromotionsDeps, actor: AuditActor, body: PromotionInput) =>
  deps.write.write({
    actor,
    change: async (trx) => {
      await checkReferences(trx, body);
      const id = await insertPromotion(trx, valuesOf(body, body.active ?? true));
      const created = (await findPromotion(trx, id))!;
      return done(created, 'create', `Promoción «${created.title}» creada`, null);
    },
  });

export const editPromotion = (
  deps: PromotionsDeps,
  actor: AuditActor,
  id: number,
  body: PromotionInput,
) =>
  deps.write.write({
    actor,
    version: versionOf(deps, id, body.version),
    change: async (trx) => {
      const before = (await findPromotion(trx, id))!;
      await checkReferences(trx, body);
      await updatePromotion(trx, id, valuesOf(body, body.active ?? before.active));
      const after = (await findPromotion(trx, id))!;
      const action: AuditAction =
        before.active === after.active ? 'update' : after.active ? 'show' : 'hide';
      const what = { update: 'editada', show: 'activada', hide: 'desactivada' } as const;
      const summary = `Promoción «${after.title}» ${what[action as keyof typeof what]}`;
      return done(after, action, summary, before);
    },
  });

/** Removed for good: orders that used it keep its title and amount (orders.promotions). */
export const removePromotion = (deps: PromotionsDeps, actor: AuditActor, id: number) =>
  deps.write.write({
    actor,
    version: versionOf(deps, id, undefined),
    change: async (trx) => {
      const before = (await findPromotion(trx, id))!;
      await deletePromotion(trx, id);
      return {
        result: { id },
        audit: {
          action: 'delete',
          entity: 'promotion',
          entity_id: id,
          summary: `Promoción «${before.title}» eliminada`,
          before,
        },
        publish: CATALOG_CHANGED,
      };
    },
  });
