import { z } from 'zod';
import { listOf, oneOf } from './common';
import { safeText } from './text';

/** A customer's rating of a finished order (product.md «Rating an order»). */
export const RATING_MESSAGES = {
  stars: 'Elige de 1 a 5 estrellas.',
  comment: 'El comentario puede tener hasta 500 caracteres.',
  notFound: 'No encontramos ese pedido.',
  notFinished: 'Podrás calificar tu pedido cuando lo recibas.',
  alreadyRated: 'Ya calificaste este pedido. ¡Gracias!',
} as const;

export const RATING_COMMENT_MAX = 500;

/** `POST /api/orders/{id}/rating`. */
export const orderRatingBody = z.object({
  stars: z
    .number({ error: RATING_MESSAGES.stars })
    .int({ error: RATING_MESSAGES.stars })
    .min(1, { error: RATING_MESSAGES.stars })
    .max(5, { error: RATING_MESSAGES.stars }),
  /** What the customer adds; absent or empty: nothing. */
  comment: safeText({ error: RATING_MESSAGES.comment, multiline: true })
    .pipe(z.string().max(RATING_COMMENT_MAX, { error: RATING_MESSAGES.comment }))
    .optional(),
});
export type OrderRatingBody = z.infer<typeof orderRatingBody>;

export const orderRatingSchema = z.object({
  order_id: z.number().int(),
  stars: z.number().int(),
  /** '' when the customer wrote nothing. */
  comment: z.string(),
  /** ISO instant. */
  created_at: z.string(),
});
export type OrderRating = z.infer<typeof orderRatingSchema>;

/**
 * `GET /api/orders/{id}/rating`: the order's rating, null while it has none; `can_rate` says
 * whether the viewer may rate it now (its customer, finished, not yet rated).
 */
export const orderRatingAnswer = z.object({
  results: orderRatingSchema.nullable(),
  can_rate: z.boolean(),
});
export type OrderRatingAnswer = z.infer<typeof orderRatingAnswer>;
export const orderRatingResponse = oneOf(orderRatingSchema);

/** The back office's ratings: each branch's average, and the latest ones with their branch. */
export const branchRatingSchema = z.object({
  branch_id: z.number().int(),
  title: z.string(),
  /** Mean stars, one decimal; null with no rating yet. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export const adminRatingSchema = orderRatingSchema.extend({
  branch_id: z.number().int(),
  branch_title: z.string(),
});
export const adminRatingsResponse = listOf(adminRatingSchema).extend({
  branches: z.array(branchRatingSchema),
});
export type AdminRatings = z.infer<typeof adminRatingsResponse>;
