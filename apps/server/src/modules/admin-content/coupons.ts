import {
  COUPON_TERM_DEFAULTS,
  MESSAGES,
  couponDiscountProblem,
  type AdminCoupon,
  type AuditAction,
  type couponBody,
} from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import { invalidField, notFound } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { contentChange } from './content-rows';
import { actionOf, changes, flag, rowVersion, withoutVersion, type AdminContentDeps } from './deps';
import type { AdminContentRepository } from './repository';

type CouponInput = z.output<typeof couponBody>;

const couponOf = (
  entry: Awaited<ReturnType<AdminContentRepository['listCoupons']>>[number],
): AdminCoupon => ({
  branch_id: entry.branch.id,
  branch_title: entry.branch.title,
  signups: entry.signups,
  codes_issued: entry.codes_issued,
  codes_redeemed: entry.codes_redeemed,
  // Field by field: a 409 carries this copy as is, without the route's answer schema to trim it.
  coupon: entry.coupon
    ? {
        id: entry.coupon.id,
        title: entry.coupon.title,
        description: entry.coupon.description,
        main_image: entry.coupon.main_image,
        confirmation_image: entry.coupon.confirmation_image,
        active: entry.coupon.active === 1,
        discount_percent: entry.coupon.discount_percent,
        discount_amount: entry.coupon.discount_amount,
        min_order: entry.coupon.min_order,
        valid_days: entry.coupon.valid_days,
        version: entry.coupon.version,
      }
    : null,
});

/** A branch's entry: its newest coupon row (what the storefront reads), or none yet. */
async function couponAt(
  repository: AdminContentRepository,
  executor: DbExecutor,
  branchId: number,
): Promise<AdminCoupon | null> {
  const entry = (await repository.listCoupons(executor)).find((e) => e.branch.id === branchId);
  return entry ? couponOf(entry) : null;
}

const LABELS = {
  title: 'título',
  description: 'descripción',
  main_image: 'imagen principal',
  confirmation_image: 'imagen de confirmación',
  active: 'estado',
  discount_percent: 'porcentaje de descuento',
  discount_amount: 'valor de descuento',
  min_order: 'pedido mínimo',
  valid_days: 'días de validez',
};

function describe(
  before: ReturnType<typeof withoutVersion<NonNullable<AdminCoupon['coupon']>>> | null,
  after: NonNullable<AdminCoupon['coupon']>,
) {
  const action: AuditAction = before ? actionOf(before, after) : 'create';
  const what =
    action === 'create'
      ? 'creado'
      : action === 'update'
        ? changes(LABELS, before!, after)
        : action === 'hide'
          ? 'desactivado'
          : 'activado';
  return { action, what };
}

/**
 * A branch has one coupon (the newest row, what the storefront reads): created or edited. Its
 * version guards an edit; a branch without one has nothing to guard yet.
 */
async function save(
  deps: AdminContentDeps,
  actor: AuditActor,
  branchId: number,
  body: CouponInput,
): Promise<AdminCoupon> {
  const { repository, write } = deps;
  const found = await couponAt(repository, write.reader, branchId);
  if (!found) throw notFound(MESSAGES.branchNotFound);
  const id = found.coupon?.id;
  const current = () => couponAt(repository, write.reader, branchId);
  return write.write({
    actor,
    version:
      id === undefined
        ? undefined
        : rowVersion(deps, 'coupons', id, body.version, current, MESSAGES.branchNotFound),
    change: async (trx) => {
      const was = (await couponAt(repository, trx, branchId))!.coupon;
      // A term left out keeps the coupon's own (or the default for a new one).
      const kept = was ?? COUPON_TERM_DEFAULTS;
      const values = {
        title: body.title,
        description: body.description,
        main_image: body.main_image,
        confirmation_image: body.confirmation_image,
        active: flag(body.active ?? (was ? was.active : true)),
        discount_percent: body.discount_percent ?? kept.discount_percent,
        discount_amount: body.discount_amount ?? kept.discount_amount,
        min_order: body.min_order ?? kept.min_order,
        valid_days: body.valid_days ?? kept.valid_days,
      };
      const problem = couponDiscountProblem(values.discount_percent, values.discount_amount);
      if (problem !== null) throw invalidField('discount_percent', problem);
      const savedId = was ? was.id : await repository.insertCoupon(trx, branchId, values);
      if (was) await repository.updateCoupon(trx, savedId, values);
      const saved = (await couponAt(repository, trx, branchId))!;
      const before = was ? withoutVersion(was) : null;
      const after = withoutVersion(saved.coupon!);
      const { action, what } = describe(before, saved.coupon!);
      const audit = {
        action,
        entity: 'coupon',
        entity_id: savedId,
        branch_id: branchId,
        summary: `Cupón de ${saved.branch_title}: ${what}`,
        before,
        after,
      };
      return contentChange(saved, audit);
    },
  });
}

/** Each branch's discount coupon. */
export function createCouponsService(deps: AdminContentDeps) {
  return {
    list: async () => (await deps.repository.listCoupons()).map(couponOf),
    save: (actor: AuditActor, branchId: number, body: CouponInput) =>
      save(deps, actor, branchId, body),
  };
}
