import { DIETARY_TAGS, type DietaryTagCode } from './dietary-tags';

export { DIETARY_TAGS, type DietaryTagCode } from './dietary-tags';

/**
 * What a product contains and what it suits (product.md «Allergens and dietary tags»). The codes
 * are stable (stored on the product, sent in the catalogue, used in the search's address); the
 * labels are what customers and staff read. Order here is the order every screen shows them in.
 */
export const ALLERGENS = [
  { code: 'gluten', label: 'Gluten' },
  { code: 'lacteos', label: 'Lácteos' },
  { code: 'huevo', label: 'Huevo' },
  { code: 'mani', label: 'Maní' },
  { code: 'frutos-secos', label: 'Frutos secos' },
  { code: 'soya', label: 'Soya' },
  { code: 'pescado', label: 'Pescado' },
  { code: 'mariscos', label: 'Mariscos' },
  { code: 'sesamo', label: 'Sésamo' },
] as const;

export type AllergenCode = (typeof ALLERGENS)[number]['code'];

export const ALLERGEN_CODES = ALLERGENS.map((a) => a.code) as [AllergenCode, ...AllergenCode[]];
export const DIETARY_TAG_CODES = DIETARY_TAGS.map((t) => t.code) as [
  DietaryTagCode,
  ...DietaryTagCode[],
];

const labelOf = (list: readonly { code: string; label: string }[], code: string) =>
  list.find((entry) => entry.code === code)?.label;

/** The label of a known allergen code; undefined for one this release does not know. */
export const allergenLabel = (code: string) => labelOf(ALLERGENS, code);
/** The label of a known tag code; undefined for one this release does not know. */
export const dietaryTagLabel = (code: string) => labelOf(DIETARY_TAGS, code);

/**
 * Codes in the list's own order, each once, unknown ones left out: what is stored and sent, so
 * two saves of the same choice read alike and an old row never shows a code nobody can label.
 */
export function canonicalCodes<T extends string>(
  codes: readonly string[],
  known: readonly T[],
): T[] {
  return known.filter((code) => codes.includes(code));
}
