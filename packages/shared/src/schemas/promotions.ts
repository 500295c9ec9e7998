import { z } from 'zod';
import { PROMOTION_KINDS } from '../promotions';
import { ADMIN_MONEY_MAX, expectedVersion } from './admin';
import { idSchema, isApiDay, listOf, wholeNumberQuery, wholeNumberSchema } from './common';
import { daypartSchema } from './dayparts';
import { safeText } from './text';

/**
 * Promotions (product.md «Promotions», decision 082): the back office's rules, what the
 * storefront reads of those in force, and what an order says it took off. Client and server
 * check with these same schemas and messages.
 */

export const PROMOTION_MESSAGES = {
  title: 'Escribe el nombre de la promoción (hasta 80 caracteres), por ejemplo «2x1 martes».',
  kind: 'Elige el tipo de promoción.',
  buy: 'En «lleva N paga M», N es un número entero de 2 a 10.',
  pay: 'En «lleva N paga M», M es un número entero menor que N (y al menos 1).',
  percent: 'Escribe un porcentaje entero de 1 a 100.',
  amount: 'Escribe el descuento por unidad en pesos, entero, mayor que cero.',
  price: 'Escribe el precio del combo en pesos, entero, mayor que cero.',
  minOrder: 'Escribe desde qué valor en productos el domicilio es gratis (pesos, entero).',
  products: 'Elige al menos un producto o una categoría.',
  comboProducts: 'Un combo reúne al menos dos productos distintos (y ninguna categoría).',
  ids: 'La lista de productos, categorías o sedes no es válida.',
  date: 'Escribe una fecha válida (AAAA-MM-DD).',
  dateOrder: 'La fecha final no puede ser anterior a la inicial.',
  limit: 'El límite por cliente es un número entero de 1 a 100, o vacío para ninguno.',
  stacks: 'Indica si se suma a un código de descuento.',
  active: 'Indica si está activa.',
  branch: 'Elige una sede válida.',
  at: 'Indica la fecha y hora como AAAA-MM-DDTHH:MM:SSZ.',
  notFound: 'Esa promoción no existe.',
  unknownProduct: 'Uno de los productos elegidos no existe.',
  unknownCategory: 'Una de las categorías elegidas no existe.',
  unknownBranch: 'Una de las sedes elegidas no existe.',
} as const;

const M = PROMOTION_MESSAGES;

const ids = z
  .array(idSchema(M.ids), { error: M.ids })
  .max(200, { error: M.ids })
  .transform((list) => [...new Set(list)]);

const optionalDay = z
  .string({ error: M.date })
  .trim()
  .refine((value) => value === '' || isApiDay(value), { error: M.date })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .transform((value) => value ?? null)
  .meta({ format: 'date' });

const optionalWhole = (error: string, min: number, max: number) =>
  wholeNumberSchema(error, min, max)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** What each kind needs: its own figure, and what it matches. */
function checkKind(
  rule: {
    kind: (typeof PROMOTION_KINDS)[number];
    buy: number | null;
    pay: number | null;
    percent: number | null;
    amount: number | null;
    price: number | null;
    min_order: number | null;
    product_ids: number[];
    category_ids: number[];
  },
  ctx: z.RefinementCtx,
) {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  const matches = rule.product_ids.length + rule.category_ids.length > 0;
  switch (rule.kind) {
    case 'nxm':
      need(rule.buy !== null, 'buy', M.buy);
      need(rule.pay !== null && rule.buy !== null && rule.pay < rule.buy, 'pay', M.pay);
      return need(matches, 'product_ids', M.products);
    case 'percent':
      need(rule.percent !== null, 'percent', M.percent);
      return need(matches, 'product_ids', M.products);
    case 'amount':
      need(rule.amount !== null, 'amount', M.amount);
      return need(matches, 'product_ids', M.products);
    case 'combo':
      need(rule.price !== null, 'price', M.price);
      return need(
        rule.product_ids.length >= 2 && rule.category_ids.length === 0,
        'product_ids',
        M.comboProducts,
      );
    case 'free_delivery':
      return need(rule.min_order !== null, 'min_order', M.minOrder);
  }
}

/** `POST /api/admin/promotions`, `PUT /api/admin/promotions/:id`. */
export const promotionBody = z
  .object({
    title: safeText({ error: M.title }).pipe(
      z.string().min(1, { error: M.title }).max(80, { error: M.title }),
    ),
    kind: z.enum(PROMOTION_KINDS, { error: M.kind }),
    buy: optionalWhole(M.buy, 2, 10),
    pay: optionalWhole(M.pay, 1, 9),
    percent: optionalWhole(M.percent, 1, 100),
    amount: optionalWhole(M.amount, 1, ADMIN_MONEY_MAX),
    price: optionalWhole(M.price, 1, ADMIN_MONEY_MAX),
    min_order: optionalWhole(M.minOrder, 0, ADMIN_MONEY_MAX),
    product_ids: ids.default([]),
    category_ids: ids.default([]),
    /** The weekly window: its weekdays (0 = Sunday) and hours; `to` at or before `from` runs past midnight. */
    days: z.unknown().meta({ type: 'array', items: { type: 'integer', minimum: 0, maximum: 6 } }),
    from: z.unknown().meta({ type: 'string', example: '00:00' }),
    to: z.unknown().meta({ type: 'string', example: '24:00' }),
    /** Empty: every branch. */
    branch_ids: ids.default([]),
    starts_on: optionalDay,
    ends_on: optionalDay,
    /** How many orders of one customer it applies to; null: no limit. */
    per_customer_limit: optionalWhole(M.limit, 1, 100),
    stacks_with_code: z.boolean({ error: M.stacks }).default(false),
    /** Left out: a new promotion is active, an edited one keeps its state. */
    active: z.boolean({ error: M.active }).optional(),
    ...expectedVersion,
  })
  .superRefine((rule, ctx) => {
    const window = daypartSchema.safeParse({ days: rule.days, from: rule.from, to: rule.to });
    if (!window.success)
      for (const issue of window.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    if (rule.starts_on !== null && rule.ends_on !== null && rule.ends_on < rule.starts_on)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: M.dateOrder });
    checkKind(rule, ctx);
  })
  .transform((rule) => {
    // Checked above: the window parses.
    const window = daypartSchema.parse({ days: rule.days, from: rule.from, to: rule.to });
    return { ...rule, ...window, days: [...window.days].sort((a, b) => a - b) };
  });
export type PromotionBody = z.input<typeof promotionBody>;
export type PromotionInput = z.output<typeof promotionBody>;

/** A rule as pricing and the storefront read it (promotions.ts' PromotionPricing and PromotionSchedule). */
export const promotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  buy: z.number().int().nullable(),
  pay: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  price: z.number().int().nullable(),
  min_order: z.number().int().nullable(),
  /** The matched products: those chosen and those of the chosen categories (at the time of the answer). */
  product_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  days: z.array(z.number().int()),
  from: z.string(),
  to: z.string(),
  branch_ids: z.array(z.number().int()),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  per_customer_limit: z.number().int().nullable(),
  stacks_with_code: z.boolean(),
  active: z.boolean(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** The back office's copy: as the admin chose it (`product_ids` without the categories' products), with its version. */
export const adminPromotionSchema = promotionSchema.extend({ version: z.number().int() });
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionListResponse = listOf(adminPromotionSchema);
export const adminPromotionResponse = z.object({ results: adminPromotionSchema });
export const promotionRemovalResponse = z.object({ results: z.object({ id: z.number().int() }) });

/**
 * `GET /api/promotions?branch=ID`: the promotions in force there now, or at `at` (an ISO instant:
 * a scheduled order's slot, which placement prices at).
 */
export const promotionsQuery = z.object({
  branch: wholeNumberQuery(M.branch, 1),
  at: z.iso.datetime({ offset: true, error: M.at }).optional(),
});
export const promotionListResponse = listOf(promotionSchema);

/** What an order says a promotion took off it. */
export const appliedPromotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  amount: z.number().int(),
});
