import type { DbExecutor } from '../../db/types';

export interface CouponValues {
  title: string;
  description: string;
  main_image: string;
  confirmation_image: string;
  active: number;
  /** The terms each code is issued with (copied into the code at issue). */
  discount_percent: number;
  discount_amount: number;
  min_order: number;
  valid_days: number;
}

// Each branch's discount coupon (the newest row is the one the storefront reads): plain
// functions of the executor (decision 065).

/** Every branch (active or not) with its newest coupon row, the one the storefront reads. */
export async function listCoupons(executor: DbExecutor) {
  const [branches, coupons, signups, codes] = await Promise.all([
    executor.selectFrom('branches').select(['id', 'title']).orderBy('id').execute(),
    executor
      .selectFrom('coupons')
      .select([
        'id',
        'branch_id',
        'title',
        'description',
        'main_image',
        'confirmation_image',
        'active',
        'discount_percent',
        'discount_amount',
        'min_order',
        'valid_days',
        'version',
      ])
      .orderBy('id', 'desc')
      .execute(),
    executor
      .selectFrom('discount_signups')
      .select((eb) => ['branch_id', eb.fn.countAll<number | string>().as('n')])
      .groupBy('branch_id')
      .execute(),
    executor
      .selectFrom('coupon_codes')
      .select((eb) => [
        'branch_id',
        eb.fn.countAll<number | string>().as('issued'),
        eb.fn.count<number | string>('redeemed_at').as('redeemed'),
      ])
      .groupBy('branch_id')
      .execute(),
  ]);
  return branches.map((branch) => {
    const issued = codes.find((c) => c.branch_id === branch.id);
    return {
      branch,
      coupon: coupons.find((c) => c.branch_id === branch.id),
      signups: Number(signups.find((s) => s.branch_id === branch.id)?.n ?? 0),
      codes_issued: Number(issued?.issued ?? 0),
      codes_redeemed: Number(issued?.redeemed ?? 0),
    };
  });
}

export type CouponEntry = Awaited<ReturnType<typeof listCoupons>>[number];

export async function insertCoupon(
  trx: DbExecutor,
  branchId: number,
  values: CouponValues,
): Promise<number> {
  const row = await trx
    .insertInto('coupons')
    .values({ ...values, branch_id: branchId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const updateCoupon = (trx: DbExecutor, id: number, values: CouponValues) =>
  trx.updateTable('coupons').set(values).where('id', '=', id).execute();
