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
import type { AuditActor } from '../../lib/audit-record';
import { contentChange } from './content-rows';
import { actionOf, changes, flag, rowVersion, withoutVersion } from './content-change';
import type { AdminContentDeps } from './types';
import { insertCoupon, listCoupons, updateCoupon, type CouponEntry } from './coupons-repository';

// Each branch's discount coupon: plain functions of the section's deps (decision 065).

type CouponInput = z.output<typeof couponBody>;

const couponOf = (entry: CouponEntry): AdminCoupon => ({
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
async function couponAt(executor: DbExecutor, branchId: number): Promise<AdminCoupon | null> {
  const entry = (await listCoupons(executor)).find((e) => e.branch.id === branchId);
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
export async function saveCoupon(
  deps: AdminContentDeps,
  actor: AuditActor,
  branchId: number,
  body: CouponInput,
): Promise<AdminCoupon> {
  const { write } = deps;
  const found = await couponAt(write.reader, branchId);
  if (!found) throw notFound(MESSAGES.branchNotFound);
  const id = found.coupon?.id;
  const current = () => couponAt(write.reader, branchId);
  return write.write({
    actor,
    version:
      id === undefined
        ? undefined
        : rowVersion(deps, 'coupons', id, body.version, current, MESSAGES.branchNotFound),
    change: async (trx) => {
      const was = (await couponAt(trx, branchId))!.coupon;
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
      const savedId = was ? was.id : await insertCoupon(trx, branchId, values);
      if (was) await updateCoupon(trx, savedId, values);
      const saved = (await couponAt(trx, branchId))!;
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

/** Each branch's discount coupon, as the back office lists them. */
export const adminCoupons = async (db: DbExecutor) => (await listCoupons(db)).map(couponOf);
