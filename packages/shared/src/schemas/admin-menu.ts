import { z } from 'zod';
import { PRICE_CHANGE_MODES } from '../price-change';
import { expectedVersion, moneySchema } from './admin';
import { idParamSchema, idSchema, wholeNumberSchema } from './common';
import { daypartsSchema } from './dayparts';
import { ALLERGEN_CODES, canonicalCodes, DIETARY_TAG_CODES } from '../dietary';
import { allergensInput, dietaryTagsInput } from './dietary';
import { safeText, searchText } from './text';

/**
 * The back office's menu (`/api/admin/categories`, `/api/admin/products`, a branch's products):
 * the bodies the server validates and the forms check with, and the answers they read.
 */

export const ADMIN_MENU_MESSAGES = {
  categoryTitle: 'Escribe el nombre de la categoría (hasta 120 caracteres).',
  productTitle: 'Escribe el nombre del producto (hasta 120 caracteres).',
  description: 'La descripción puede tener hasta 2.000 caracteres.',
  descriptionEco: 'Escribe una descripción corta (hasta 300 caracteres).',
  image: 'Sube una imagen.',
  category: 'Elige una categoría.',
  categoryNotFound: 'Esa categoría no existe.',
  productNotFound: 'Ese producto no existe.',
  branchNotFound: 'Esa sede no existe.',
  groupTitle: 'Cada grupo de opciones necesita un nombre (hasta 120 caracteres).',
  groupKind: 'Elige si el grupo es de una sola opción o de varias.',
  groupOptions: 'Cada grupo necesita al menos una opción (y hasta 50).',
  groups: 'Un producto puede tener hasta 20 grupos de opciones.',
  optionTitle: 'Cada opción necesita un nombre (hasta 120 caracteres).',
  choices: 'El mínimo y el máximo de opciones deben ser números enteros desde 1.',
  minAboveMax: 'El mínimo de opciones no puede ser mayor que el máximo.',
  maxAboveOptions: 'El máximo de opciones no puede ser mayor que las opciones del grupo.',
  unknownGroup:
    'Uno de los grupos u opciones ya no pertenece a este producto. Recarga el producto.',
  version: 'Falta la versión del producto que editaste. Recarga el producto.',
  conflict:
    'Otra persona cambió este producto mientras lo editabas. Recarga para ver sus cambios; no se guardó nada.',
  visibility: 'Indica si se oculta o se muestra.',
  flags: 'Indica si la sede lo ofrece y si está agotado.',
  branchPrice:
    'El precio de la sede debe ser un número entero de pesos, o vacío para usar el del producto.',
  productOrder:
    'Indica el nuevo orden con la lista completa de productos de la categoría, sin repetir.',
  categoryOrder: 'Indica el nuevo orden con la lista completa de categorías, sin repetir.',
  search: 'La búsqueda no es válida.',
  priceSelection: 'Elige una categoría o algunos productos (no las dos cosas).',
  priceProducts: 'Elige entre 1 y 200 productos, sin repetir.',
  priceBranch: 'Elige una sede, o ninguna para cambiar el precio en todas.',
  priceMode: 'Elige si el cambio es en porcentaje o en pesos.',
  priceValue: 'Escribe cuánto cambia el precio, con un número.',
  pricePercent: 'El porcentaje debe ser un número entre -90 y 300, distinto de 0.',
  priceAmount:
    'El monto debe ser un número entero de pesos entre -1.000.000 y 1.000.000, distinto de 0.',
  pricePreview: 'Mira los cambios antes de aplicarlos.',
  priceStale:
    'Otra persona cambió alguno de estos productos o precios después de tu vista previa; no se cambió nada. Revisa los cambios de nuevo antes de aplicarlos.',
  priceNothing: 'Ninguno de esos productos tiene un precio que cambiar.',
  priceTooLow: (what: string) =>
    `Con ese cambio el precio de ${what} quedaría en $0 o menos; no se cambió ningún precio.`,
  priceTooHigh: (what: string) =>
    `Con ese cambio el precio de ${what} pasaría de $10.000.000; no se cambió ningún precio.`,
} as const;

const text = (error: string, max: number, min = 1) =>
  safeText({ error }).pipe(z.string().min(min, { error }).max(max, { error }));
const imageUrl = text(ADMIN_MENU_MESSAGES.image, 300);
const optionalId = idSchema().optional();

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

export const adminCategoryBody = z.object({
  title: text(ADMIN_MENU_MESSAGES.categoryTitle, 120),
  photo: imageUrl,
  /** When it is offered (decision 047); absent: as it was (a new category: always). */
  dayparts: daypartsSchema.optional(),
  ...expectedVersion,
});
export type AdminCategoryBody = z.infer<typeof adminCategoryBody>;

/** A daypart as the back office reads it back. */
const daypartOut = z.object({ days: z.array(z.number().int()), from: z.string(), to: z.string() });

export const adminCategorySchema = z.object({
  id: z.number().int(),
  /** Made from the first title and kept: links and favourites use it (decision 020). */
  slug: z.string(),
  title: z.string(),
  photo: z.string(),
  position: z.number().int(),
  hidden: z.boolean(),
  version: z.number().int(),
  /** When it is offered; `[]`: always (decision 047). */
  dayparts: z.array(daypartOut),
  /** Products in it, hidden ones included. */
  products: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** `PUT …/visibility`: hide from every storefront (nothing is deleted) or show again. */
export const visibilityBody = z.object({
  hidden: z.boolean({ error: ADMIN_MENU_MESSAGES.visibility }),
  ...expectedVersion,
});

// ---------------------------------------------------------------------------------------------
// Products and their option groups
// ---------------------------------------------------------------------------------------------

export const adminOptionInput = z.object({
  /** The option being edited; absent for a new one. */
  id: optionalId,
  title: text(ADMIN_MENU_MESSAGES.optionTitle, 120),
  price: moneySchema,
});

const choices = wholeNumberSchema(ADMIN_MENU_MESSAGES.choices, 1, 50);

export const adminGroupInput = z
  .object({
    id: optionalId,
    title: text(ADMIN_MENU_MESSAGES.groupTitle, 120),
    required: z.boolean({ error: ADMIN_MENU_MESSAGES.groupKind }),
    /** 1 a single choice, 2 a multiple choice. */
    type_input: z.union([z.literal(1), z.literal(2)], { error: ADMIN_MENU_MESSAGES.groupKind }),
    /** Least options to choose in a required multiple choice (unset: 1). */
    min: choices.nullable().optional(),
    /** Most options to choose in a multiple choice (unset: no limit). */
    max: choices.nullable().optional(),
    modifiers_product: z
      .array(adminOptionInput, { error: ADMIN_MENU_MESSAGES.groupOptions })
      .min(1, { error: ADMIN_MENU_MESSAGES.groupOptions })
      .max(50, { error: ADMIN_MENU_MESSAGES.groupOptions }),
  })
  .superRefine((group, ctx) => {
    // A single choice always allows one: its min and max are ignored (stored as unset).
    if (group.type_input !== 2) return;
    if (group.min != null && group.max != null && group.min > group.max)
      ctx.addIssue({ code: 'custom', path: ['min'], message: ADMIN_MENU_MESSAGES.minAboveMax });
    if (group.max != null && group.max > group.modifiers_product.length)
      ctx.addIssue({ code: 'custom', path: ['max'], message: ADMIN_MENU_MESSAGES.maxAboveOptions });
    if (group.min != null && group.min > group.modifiers_product.length)
      ctx.addIssue({ code: 'custom', path: ['min'], message: ADMIN_MENU_MESSAGES.maxAboveOptions });
  });
export type AdminGroupInput = z.infer<typeof adminGroupInput>;

export const adminProductBody = z.object({
  category_id: idSchema(ADMIN_MENU_MESSAGES.category),
  title: text(ADMIN_MENU_MESSAGES.productTitle, 120),
  description: safeText({ error: ADMIN_MENU_MESSAGES.description, multiline: true }).pipe(
    z.string().max(2000, { error: ADMIN_MENU_MESSAGES.description }),
  ),
  description_eco: text(ADMIN_MENU_MESSAGES.descriptionEco, 300),
  price: moneySchema,
  /** Optional: empty, the server stores PRODUCT_PLACEHOLDER_IMAGE (a neat "no photo yet"). */
  image: text(ADMIN_MENU_MESSAGES.image, 300, 0),
  modifier_group: z
    .array(adminGroupInput, { error: ADMIN_MENU_MESSAGES.groups })
    .max(20, { error: ADMIN_MENU_MESSAGES.groups }),
  /** When it is offered (decision 047); absent: as it was (a new product: always). */
  dayparts: daypartsSchema.optional(),
  /** What it contains, codes of ALLERGENS (dietary.ts); absent: as it was (a new product: none). */
  allergens: allergensInput.optional(),
  /** What it suits, codes of DIETARY_TAGS; absent: as it was (a new product: none). */
  tags: dietaryTagsInput.optional(),
});
export type AdminProductBody = z.infer<typeof adminProductBody>;

/** `PUT /api/admin/products/{id}`: the same fields and the version the editor read. */
export const adminProductUpdateBody = adminProductBody.extend({
  version: wholeNumberSchema(ADMIN_MENU_MESSAGES.version, 1),
});
export type AdminProductUpdateBody = z.infer<typeof adminProductUpdateBody>;

export const adminOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
});
export const adminGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  required: z.boolean(),
  type_input: z.union([z.literal(1), z.literal(2)]),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  modifiers_product: z.array(adminOptionSchema),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

export const adminProductSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category_id: z.number().int(),
  category_title: z.string(),
  price: z.number().int(),
  image: z.string(),
  position: z.number().int(),
  hidden: z.boolean(),
  version: z.number().int(),
});
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

export const adminProductSchema = adminProductSummarySchema.extend({
  description: z.string(),
  description_eco: z.string(),
  /** Only the groups and options customers see: removed ones are hidden, never deleted. */
  modifier_group: z.array(adminGroupSchema),
  /** When it is offered, within its category's own dayparts; `[]`: always (decision 047). */
  dayparts: z.array(daypartOut),
  /** Allergen codes in ALLERGENS' order (dietary.ts). */
  allergens: z.array(z.string()),
  /** Dietary tag codes in DIETARY_TAGS' order. */
  tags: z.array(z.string()),
  /**
   * Its kitchen station (a station of some branch, read by its name at each branch, decision
   * 072); null: its category's. Set by PUT /api/admin/products/{id}/station, not by the body.
   */
  station_id: z.number().int().nullable(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/**
 * The body that saves a product as the back office read it: only the fields the editor writes
 * (a body naming any other field is refused, decision 074): for scripts and tests that save a
 * product they read.
 */
export const productUpdateBodyOf = (product: AdminProduct): AdminProductUpdateBody => ({
  category_id: product.category_id,
  title: product.title,
  description: product.description,
  description_eco: product.description_eco,
  price: product.price,
  image: product.image,
  modifier_group: product.modifier_group.map(({ modifiers_product, ...group }) => ({
    ...group,
    modifiers_product: modifiers_product.map(({ id, title, price }) => ({ id, title, price })),
  })),
  dayparts: product.dayparts.map(({ days, from, to }) => ({ days, from, to })),
  allergens: canonicalCodes(product.allergens, ALLERGEN_CODES),
  tags: canonicalCodes(product.tags, DIETARY_TAG_CODES),
  version: product.version,
});

export const adminProductsQuery = z.object({
  /** Words of the title, accents and case aside. */
  q: searchText({ max: 120, error: ADMIN_MENU_MESSAGES.search }).optional(),
  category_id: idParamSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// A product at each branch
// ---------------------------------------------------------------------------------------------

export const adminBranchProductBody = z.object({
  offered: z.boolean({ error: ADMIN_MENU_MESSAGES.flags }),
  /** null: the product's own price. */
  price: z.union([z.null(), moneySchema], { error: ADMIN_MENU_MESSAGES.branchPrice }),
  sold_out: z.boolean({ error: ADMIN_MENU_MESSAGES.flags }),
  ...expectedVersion,
});
export type AdminBranchProductBody = z.infer<typeof adminBranchProductBody>;

export const adminBranchProductSchema = adminBranchProductBody.extend({
  branch_id: z.number().int(),
  branch_title: z.string(),
  product_id: z.number().int(),
  /** 1 while the branch has no row of its own for the product (decision 032). */
  version: z.number().int(),
});
export type AdminBranchProduct = z.infer<typeof adminBranchProductSchema>;

export const adminBranchProductParams = z.object({ id: idParamSchema, productId: idParamSchema });

// ---------------------------------------------------------------------------------------------
// Bulk price change: a preview, then the same change applied under its version
// ---------------------------------------------------------------------------------------------

/** The most a bulk change moves a price by, in whole pesos, either way. */
const PRICE_AMOUNT_MAX = 1_000_000;

const priceChangeFields = {
  /** Either some products … */
  product_ids: z
    .array(idSchema(ADMIN_MENU_MESSAGES.priceProducts), {
      error: ADMIN_MENU_MESSAGES.priceProducts,
    })
    .min(1, { error: ADMIN_MENU_MESSAGES.priceProducts })
    .max(200, { error: ADMIN_MENU_MESSAGES.priceProducts })
    .refine((ids) => new Set(ids).size === ids.length, {
      error: ADMIN_MENU_MESSAGES.priceProducts,
    })
    .optional(),
  /** … or every product of a category, hidden ones too. */
  category_id: idSchema(ADMIN_MENU_MESSAGES.category).optional(),
  /** One branch's price; absent or null: the chain's prices (every branch). */
  branch_id: idSchema(ADMIN_MENU_MESSAGES.priceBranch).nullable().optional(),
  mode: z.enum(PRICE_CHANGE_MODES, { error: ADMIN_MENU_MESSAGES.priceMode }),
  /** Percent (-90…300, decimals allowed) or whole pesos (±1.000.000); never 0. */
  value: z
    .number({ error: ADMIN_MENU_MESSAGES.priceValue })
    .min(-PRICE_AMOUNT_MAX, { error: ADMIN_MENU_MESSAGES.priceValue })
    .max(PRICE_AMOUNT_MAX, { error: ADMIN_MENU_MESSAGES.priceValue }),
};

type PriceChangeFields = {
  product_ids?: number[] | undefined;
  category_id?: number | undefined;
  mode: 'percent' | 'amount';
  value: number;
};

/** One selection, and a value the mode allows: both bodies check the same. */
function checkPriceChange(body: PriceChangeFields, ctx: z.RefinementCtx) {
  if ((body.product_ids === undefined) === (body.category_id === undefined))
    ctx.addIssue({
      code: 'custom',
      path: ['category_id'],
      message: ADMIN_MENU_MESSAGES.priceSelection,
    });
  const { mode, value } = body;
  const fits =
    value !== 0 &&
    (mode === 'percent'
      ? value >= -90 && value <= 300
      : Number.isInteger(value) && Math.abs(value) <= PRICE_AMOUNT_MAX);
  if (!fits)
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message:
        mode === 'percent' ? ADMIN_MENU_MESSAGES.pricePercent : ADMIN_MENU_MESSAGES.priceAmount,
    });
}

/** `POST /api/admin/prices/preview`. */
export const priceChangeBody = z.object(priceChangeFields).superRefine(checkPriceChange);
export type PriceChangeBody = z.infer<typeof priceChangeBody>;

/** `POST /api/admin/prices/apply`: the same change and the `version` its preview answered. */
export const priceApplyBody = z
  .object({
    ...priceChangeFields,
    version: z
      .string({ error: ADMIN_MENU_MESSAGES.pricePreview })
      .regex(/^[0-9a-f]{16,64}$/, { error: ADMIN_MENU_MESSAGES.pricePreview }),
  })
  .superRefine(checkPriceChange);
export type PriceApplyBody = z.infer<typeof priceApplyBody>;

/** One price the change writes: a product's list price, a branch's own, or a size's. */
export const priceChangeLineSchema = z.object({
  product_id: z.number().int(),
  product_title: z.string(),
  /** null: the product's list price or a size, the same at every branch. */
  branch_id: z.number().int().nullable(),
  branch_title: z.string().nullable(),
  /** A priced option of a required single choice (a size); null otherwise. */
  option_id: z.number().int().nullable(),
  option_title: z.string().nullable(),
  old_price: z.number().int(),
  new_price: z.number().int(),
});
export type PriceChangeLine = z.infer<typeof priceChangeLineSchema>;

export const priceChangeSchema = z.object({
  /** What apply must send back: any change to these products or prices since makes it a 409. */
  version: z.string(),
  /** The change log's sentence: "Subió 10 % el precio de 12 productos (Pizzas)". */
  summary: z.string(),
  products: z.number().int(),
  lines: z.array(priceChangeLineSchema),
  /** Products left as they are, with why (a size's price is the same at every branch). */
  skipped: z.array(
    z.object({ product_id: z.number().int(), product_title: z.string(), reason: z.string() }),
  ),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;
