// What placement checks an order against: the branch, its hours and zones, payment, address,
// menu and discount codes. Plain functions of the store (decision 065).
import { productsAtBranch as productsSoldAt } from '../../../db/branch-product';
import { readDayparts } from '../../../db/dayparts';
import {
  soldOutOptionsAt as optionsSoldOutAt,
  visibleOptionGroups,
} from '../../../db/option-groups';
import type { BranchRow, OrdersStore } from '../types';

/** An active branch as placement checks it; undefined when unknown or hidden. */
export const findBranch = ({ db }: OrdersStore, branchId: number): Promise<BranchRow | undefined> =>
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
      'auto_accept',
    ])
    .where('id', '=', branchId)
    .where('active', '=', 1)
    .executeTakeFirst();

export const branchHours = ({ db }: OrdersStore, branchId: number) =>
  db
    .selectFrom('branch_hours')
    .select(['weekday', 'opens', 'closes'])
    .where('branch_id', '=', branchId)
    .execute();

export const deliveryZones = ({ db }: OrdersStore, branchId: number) =>
  db
    .selectFrom('branch_delivery_zones')
    .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
    .where('branch_id', '=', branchId)
    .execute();

/** A branch's dated exceptions from `from` (YYYY-MM-DD) on. */
export const branchExceptions = ({ db }: OrdersStore, branchId: number, from: string) =>
  db
    .selectFrom('branch_exceptions')
    .select(['date', 'closed', 'ranges'])
    .where('branch_id', '=', branchId)
    .where('date', '>=', from)
    .execute();

export const findPaymentType = ({ db }: OrdersStore, id: number) =>
  db
    .selectFrom('payment_types')
    .select(['id', 'description', 'kind'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();

export const findAddress = ({ db }: OrdersStore, userId: number, id: number) =>
  db
    .selectFrom('addresses')
    .select(['id', 'address', 'neighbourhood', 'city', 'notes'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * Every active product's price and state at the branch: the menu placement checks orders
 * against (menu-snapshot.ts keeps it until the catalogue says it changed).
 */
export async function productsAtBranch({ db }: OrdersStore, branchId: number) {
  const rows = await productsSoldAt(db, branchId)
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug', 'p.title', 'p.image', 'p.dayparts', 'c.dayparts as c_dayparts'])
    .where('p.active', '=', 1)
    .execute();
  // The product's dayparts within its category's: both must allow the order's time.
  return rows.map(({ dayparts, c_dayparts, ...row }) => ({
    ...row,
    dayparts: [readDayparts(c_dayparts), readDayparts(dayparts)].filter((d) => d.length > 0),
  }));
}

/** A product's option groups and options (with their prices). */
export const optionsOf = ({ db }: OrdersStore, productId: number) =>
  visibleOptionGroups(db, productId);

/** The options sold out at the branch today (decision 050). */
export const soldOutOptionsAt = ({ db }: OrdersStore, branchId: number) =>
  optionsSoldOutAt(db, branchId);

/** A discount code as placement checks it (typed, once normalised): its branch, its terms as issued, and its state. */
export const findCouponCode = ({ db }: OrdersStore, code: string) =>
  db
    .selectFrom('coupon_codes')
    .select([
      'id',
      'branch_id',
      'discount_percent',
      'discount_amount',
      'min_order',
      'expires_at',
      'redeemed_at',
    ])
    .where('code', '=', code)
    .executeTakeFirst();

/** Whether the customer has redeemed a code at the branch already (one per customer and branch). */
export async function redeemedAtBranch(
  { db }: OrdersStore,
  branchId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('coupon_codes')
    .select('id')
    .where('branch_id', '=', branchId)
    .where('redeemed_by', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
