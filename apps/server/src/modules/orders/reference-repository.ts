import type { Kysely } from 'kysely';
import { productsAtBranch } from '../../db/branch-product';
import { readDayparts } from '../../db/dayparts';
import { soldOutOptionsAt, visibleOptionGroups } from '../../db/option-groups';
import type { Database } from '../../db/types';
import { findCouponCode, redeemedAtBranch } from './coupon-repository';

/** What placement checks an order against: the branch, its hours and zones, payment, address, menu. */
export function createReferenceRepository(db: Kysely<Database>) {
  return {
    /** A discount code by its text, as the customer typed it once normalised. */
    findCouponCode: (code: string) => findCouponCode(db, code),

    /** Whether the customer has redeemed a code at the branch already. */
    redeemedAtBranch: (branchId: number, userId: number) => redeemedAtBranch(db, branchId, userId),

    findBranch: (branchId: number) =>
      db
        .selectFrom('branches')
        .select([
          'id',
          'title',
          'address',
          'delivery_available',
          'pickup_available',
          'paused_until',
          'prep_minutes',
          'rush_minutes',
          'orders_per_slot',
          'units_per_slot',
          'auto_accept_scheduled',
        ])
        .where('id', '=', branchId)
        .where('active', '=', 1)
        .executeTakeFirst(),

    branchHours: (branchId: number) =>
      db
        .selectFrom('branch_hours')
        .select(['weekday', 'opens', 'closes'])
        .where('branch_id', '=', branchId)
        .execute(),

    deliveryZones: (branchId: number) =>
      db
        .selectFrom('branch_delivery_zones')
        .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
        .where('branch_id', '=', branchId)
        .execute(),

    /** A branch's dated exceptions from `from` (YYYY-MM-DD) on. */
    branchExceptions: (branchId: number, from: string) =>
      db
        .selectFrom('branch_exceptions')
        .select(['date', 'closed', 'ranges'])
        .where('branch_id', '=', branchId)
        .where('date', '>=', from)
        .execute(),

    findPaymentType: (id: number) =>
      db
        .selectFrom('payment_types')
        .select(['id', 'description', 'kind'])
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst(),

    findAddress: (userId: number, id: number) =>
      db
        .selectFrom('addresses')
        .select(['id', 'address', 'neighbourhood', 'city', 'notes'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /**
     * Every active product's price and state at the branch: the menu placement checks orders
     * against (menu-snapshot.ts keeps it until the catalogue says it changed).
     */
    async productsAtBranch(branchId: number) {
      const rows = await productsAtBranch(db, branchId)
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(['p.id', 'p.slug', 'p.title', 'p.image', 'p.dayparts', 'c.dayparts as c_dayparts'])
        .where('p.active', '=', 1)
        .execute();
      // The product's dayparts within its category's: both must allow the order's time.
      return rows.map(({ dayparts, c_dayparts, ...row }) => ({
        ...row,
        dayparts: [readDayparts(c_dayparts), readDayparts(dayparts)].filter((d) => d.length > 0),
      }));
    },

    /** A product's option groups and options (with their prices). */
    optionsOf: (productId: number) => visibleOptionGroups(db, productId),

    /** The options sold out at the branch today (decision 050). */
    soldOutOptionsAt: (branchId: number) => soldOutOptionsAt(db, branchId),
  };
}
