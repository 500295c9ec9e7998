import { z } from 'zod';
import { idParamSchema, listOf, oneOf, slugSchema } from './common';

const time = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/);

/**
 * One opening interval in the chain's time zone. `weekday` 0 = Sunday … 6 = Saturday.
 * `closes` may be earlier than `opens` (the interval runs past midnight) or "24:00".
 */
export const openingIntervalSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  opens: time,
  closes: time,
});

/** A dated exception to the weekly hours: closed that day, or open only in its own ranges. */
export const branchExceptionSchema = z.object({
  date: z.string(),
  closed: z.boolean(),
  ranges: z.array(z.object({ opens: time, closes: time })),
});

/** A neighbourhood a branch delivers to, its fee and the order's minimum (pesos). */
export const branchZoneSchema = z.object({
  neighbourhood: z.string(),
  fee: z.number().int(),
  min_order: z.number().int(),
  /** The trip from the branch to the zone, in minutes (the back office's figure). */
  delivery_minutes: z.number().int(),
  /** What a delivery there is told before ordering, in minutes from now: [min, max] (deliveryEstimate, rush included). */
  eta: z.tuple([z.number().int(), z.number().int()]),
});

export const branchSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  address: z.string(),
  phone: z.string(),
  city: z.string(),
  /**
   * Where the branch is (degrees), for the pickup list's distance from the customer, which the
   * browser computes; null when the chain has not placed it. The server always sends it;
   * optional because branches stored on a device before it (the session's) lack it.
   */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
  opening_hours: z.array(openingIntervalSchema),
  /** Dated exceptions from yesterday on: they override the weekday's hours those dates. */
  opening_exceptions: z.array(branchExceptionSchema),
  open_now: z.boolean(),
  /** Open by its hours and not paused by its staff. */
  accepting_orders: z.boolean(),
  /** When a timed pause ends (ISO); null when not paused or paused until the staff reopen. */
  resumes_at: z.string().nullable(),
  /** Closed by its hours or an exception: "Cerrada · abre hoy a las 11:30"; null while open. */
  closed: z.string().nullable(),
  /**
   * A timed pause by its staff: "Pausada hasta las 20:30"; null when not paused or paused until
   * reopened. Optional: branches stored on a device before it lack it.
   */
  paused: z.string().nullable().optional(),
  /** The branch's usual preparation time, in minutes. */
  prep_minutes: z.number().int(),
  /** "Alta demanda": minutes the branch adds to every estimate and promise now; 0 when not in rush. */
  rush_minutes: z.number().int(),
  /**
   * What a customer is told before ordering, in minutes from now, by the shared deliveryEstimate
   * (preparation + rush): `pickup` is [min, max]; a delivery's is each zone's `eta`.
   */
  eta: z.object({ pickup: z.tuple([z.number().int(), z.number().int()]) }),
  /** Whether customers may pick their order up at the branch. */
  pickup: z.object({ available: z.boolean() }),
  delivery: z.object({
    available: z.boolean(),
    /** Neighbourhoods the branch delivers to. */
    neighbourhoods: z.array(z.string()),
    /** The same neighbourhoods with their fee and minimum order. */
    zones: z.array(branchZoneSchema),
  }),
});

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  photo: z.string(),
});

/** Why a product cannot be ordered at the branch: sold out today, or not sold there at all. */
export const unavailableReasonSchema = z.enum(['sold_out', 'not_offered']).nullable();

export const productCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  image: z.string(),
  title: z.string(),
  description_eco: z.string(),
  /** The least one unit costs (decision 052): with priced sizes, the cheapest size's price. */
  price: z.number().int(),
  /** A required choice (a size) can cost more than `price`: the menu writes "Desde". */
  price_varies: z.boolean(),
  /** false: sold out (or not offered) at this branch. */
  available: z.boolean(),
  unavailable_reason: unavailableReasonSchema,
  /**
   * Allergen codes (dietary.ts ALLERGENS), in that list's order; the card shows and the search
   * filters by them. The catalogue always sends them; optional because products stored on a
   * device before them (carts, favourites, the worker's copies) lack them.
   */
  allergens: z.array(z.string()).optional(),
  /** Dietary tag codes (DIETARY_TAGS): vegetariano, sin-gluten…; optional as `allergens`. */
  tags: z.array(z.string()).optional(),
});

export const categoryWithProductsSchema = categorySchema.extend({
  products: z.array(productCardSchema),
});

export const modifierOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  selected: z.boolean(),
  modifier: z.object({ title: z.string() }),
  /**
   * true: sold out at the branch today (decision 050); shown "Agotado", not choosable, refused at
   * placement. The catalogue always sends it; optional because carts stored before it lack it.
   */
  sold_out: z.boolean().optional(),
});

export const modifierGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  required: z.boolean(),
  /** 1 single choice (dot), 2 multiple choice (square). */
  type_input: z.union([z.literal(1), z.literal(2)]),
  /** The back office's limits for a multiple choice (option-rules.ts reads them); null when unset. */
  min_choices: z.number().int().nullable().optional(),
  max_choices: z.number().int().nullable().optional(),
  modifiers_product: z.array(modifierOptionSchema),
});

export const productSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  description_eco: z.string(),
  image: z.string(),
  price: z.number().int(),
  available: z.boolean(),
  unavailable_reason: unavailableReasonSchema,
  /** product.md «Entities»: null, or set when the logged-in customer has it among their favourites. */
  favorite: z.object({ id: z.number().int() }).nullable(),
  category: z.object({ slug: z.string(), title: z.string() }),
  modifier_group: z.array(modifierGroupSchema),
  /** As the card's (productCardSchema): always sent, optional for copies stored before them. */
  allergens: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
});

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  real_image: z.string(),
  /**
   * The promotion it announces: a tap leads to where it applies, its first category's page
   * (`category_slug`), or the menu when it names none (free delivery). Null: the banner is a picture.
   */
  promotion: z.object({ id: z.number().int(), category_slug: z.string().nullable() }).nullable(),
});

export const paymentTypeSchema = z.object({
  id: z.number().int(),
  selected: z.boolean(),
  /** Display position of the method. */
  number: z.number().int(),
  parameter: z.object({ description: z.string() }),
  /** Paid online through the chain's payment provider before the order reaches the branch (decision 061). */
  online: z.boolean(),
  /** Paid in cash: the checkout asks `¿Con cuánto pagas?` so the change comes along. */
  cash: z.boolean(),
  /** An online method answered by the payment simulator: the storefront says `Pago de prueba`. */
  test: z.boolean(),
});

export const surveyParameterSchema = z.object({
  id: z.number().int(),
  description: z.string(),
});

export const couponSchema = z.object({
  main_image: z.string(),
  confirmation_image: z.string(),
  title: z.string(),
  description: z.string(),
});

/**
 * The chain's menu for a visitor who has not chosen a branch (chain-menu.ts): a category in a
 * branch's shape, each card's `price` the lowest among the branches that sell the product and
 * its `price_varies` true when some branch asks more (or a choice costs more).
 */
export const chainCategorySchema = categoryWithProductsSchema;
export const chainProductSchema = productSchema.extend({ price_varies: z.boolean() });

export const branchListResponse = listOf(branchSchema);
export const categoryListResponse = listOf(categorySchema);
export const bannerListResponse = listOf(bannerSchema);
export const categoryResponse = oneOf(categoryWithProductsSchema);
export const productResponse = oneOf(productSchema);
export const chainCategoryResponse = oneOf(chainCategorySchema);
export const chainProductResponse = oneOf(chainProductSchema);
export const chainCatalogParams = z.object({ slug: slugSchema });
export const paymentTypeListResponse = listOf(paymentTypeSchema);
export const surveyParameterListResponse = listOf(surveyParameterSchema);
export const couponResponse = couponSchema;

export const catalogParams = z.object({ slug: slugSchema, branchId: idParamSchema });
export const segmentParams = z.object({ segment: slugSchema });
export const idParams = z.object({ id: idParamSchema });

export type OpeningInterval = z.infer<typeof openingIntervalSchema>;
export type Branch = z.infer<typeof branchSchema>;
export type BranchZone = z.infer<typeof branchZoneSchema>;
export type BranchException = z.infer<typeof branchExceptionSchema>;
export type Category = z.infer<typeof categorySchema>;
export type ProductCard = z.infer<typeof productCardSchema>;
export type CategoryWithProducts = z.infer<typeof categoryWithProductsSchema>;
export type ModifierOption = z.infer<typeof modifierOptionSchema>;
export type ModifierGroup = z.infer<typeof modifierGroupSchema>;
export type UnavailableReason = z.infer<typeof unavailableReasonSchema>;
export type Product = z.infer<typeof productSchema>;
export type ChainCategory = z.infer<typeof chainCategorySchema>;
export type ChainProduct = z.infer<typeof chainProductSchema>;
export type Banner = z.infer<typeof bannerSchema>;
export type PaymentType = z.infer<typeof paymentTypeSchema>;
export type SurveyParameter = z.infer<typeof surveyParameterSchema>;
export type Coupon = z.infer<typeof couponSchema>;
