import type { Kysely } from 'kysely';
import type { Database, DbExecutor } from '../../db/types';

export interface CouponValues {
  title: string;
  description: string;
  main_image: string;
  confirmation_image: string;
  active: number;
}

/** Each branch's discount coupon (the newest row is the one the storefront reads). */
export function createCouponsRepository(db: Kysely<Database>) {
  return {
    /** Every branch (active or not) with its newest coupon row, the one the storefront reads. */
    async listCoupons(executor: DbExecutor = db) {
      const [branches, coupons] = await Promise.all([
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
            'version',
          ])
          .orderBy('id', 'desc')
          .execute(),
      ]);
      return branches.map((branch) => ({
        branch,
        coupon: coupons.find((c) => c.branch_id === branch.id),
      }));
    },
    findBranch: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('branches')
        .select(['id', 'title'])
        .where('id', '=', id)
        .executeTakeFirst(),
    async insertCoupon(trx: DbExecutor, branchId: number, values: CouponValues): Promise<number> {
      const row = await trx
        .insertInto('coupons')
        .values({ ...values, branch_id: branchId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    updateCoupon: (trx: DbExecutor, id: number, values: CouponValues) =>
      trx.updateTable('coupons').set(values).where('id', '=', id).execute(),
  };
}
