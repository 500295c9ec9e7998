import {
  RATING_MESSAGES,
  statusIn,
  type AdminRatings,
  type OrderRating,
  type OrderRatingAnswer,
  type OrderRatingBody,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { canActOnBranch, type Actor } from '../../lib/authorization';
import { bind } from '../../lib/bind';
import { nowDate, type Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/http-error';
import { isoInstant } from '../../lib/iso-instant';
import {
  branchAverages,
  findRatedOrder,
  findRating,
  insertRating,
  latestRatings,
} from './repository';

// A customer's rating of a finished order (product.md «Rating an order»): plain functions of
// what they read, bound by createRatingsService (decision 065).

export interface RatingsDeps {
  db: DbExecutor;
  clock: Clock;
}

/** The one status a finished order ends in: delivered, or picked up (order-status.ts). */
const FINISHED = ['delivered'] as const;
/** How many of the latest ratings the back office lists. */
const LATEST = 100;

const toRating = (row: {
  order_id: number;
  stars: number;
  comment: string;
  created_at: string | Date;
}): OrderRating => ({
  order_id: row.order_id,
  stars: row.stars,
  comment: row.comment,
  created_at: isoInstant(row.created_at),
});

/** The order's rating for its customer, its branch's staff or an admin; 404 for anyone else. */
export async function ratingOf(
  { db }: RatingsDeps,
  viewer: Actor,
  orderId: number,
): Promise<OrderRatingAnswer> {
  const order = await findRatedOrder(db, orderId);
  const own = order?.user_id === viewer.id;
  if (!order || (!own && !canActOnBranch(viewer, order.branch_id)))
    throw notFound(RATING_MESSAGES.notFound);
  const found = await findRating(db, orderId);
  return {
    results: found ? toRating(found) : null,
    can_rate: own && !found && statusIn(FINISHED, order.status),
  };
}

/** Rates the customer's own finished order, once: 404 another's, 409 unfinished or rated. */
export async function rateOrder(
  { db, clock }: RatingsDeps,
  customerId: number,
  orderId: number,
  body: OrderRatingBody,
): Promise<OrderRating> {
  const order = await findRatedOrder(db, orderId);
  if (!order || order.user_id !== customerId) throw notFound(RATING_MESSAGES.notFound);
  if (!statusIn(FINISHED, order.status)) throw conflict(RATING_MESSAGES.notFinished);
  const row = {
    order_id: order.id,
    branch_id: order.branch_id,
    user_id: customerId,
    stars: body.stars,
    comment: body.comment?.trim() ?? '',
    created_at: nowDate(clock).toISOString(),
  };
  if (!(await insertRating(db, row))) throw conflict(RATING_MESSAGES.alreadyRated);
  return toRating(row);
}

/** Each branch's average and count, and the latest ratings, for the back office. */
export async function adminRatings({ db }: RatingsDeps): Promise<AdminRatings> {
  const [latest, branches] = await Promise.all([latestRatings(db, LATEST), branchAverages(db)]);
  return {
    results: latest.map((row) => ({
      ...toRating(row),
      branch_id: row.branch_id,
      branch_title: row.branch_title,
    })),
    branches: branches.map((row) => ({
      branch_id: row.branch_id,
      title: row.title,
      count: Number(row.count),
      average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
    })),
  };
}

/** Ratings, as app.ratings. */
export function createRatingsService(deps: RatingsDeps) {
  return {
    of: bind(deps, ratingOf),
    rate: bind(deps, rateOrder),
    admin: bind(deps, adminRatings),
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
