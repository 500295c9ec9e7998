import {
  ALLERGEN_CODES,
  canonicalCodes,
  DIETARY_TAG_CODES,
  type AllergenCode,
  type DietaryTagCode,
} from '@comanda/shared';

/**
 * The `allergens` and `tags` columns of products (migration 039): JSON lists of codes, written
 * only from a body the shared schema validated. Read back in the list's order, unknown codes
 * and a value that does not read as a list (never written by this code) counting as none, so a
 * damaged row shows no label rather than breaking the menu.
 */
function readCodes<T extends string>(stored: string | null | undefined, known: readonly T[]): T[] {
  if (!stored || stored === '[]') return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? canonicalCodes(value.filter(isString), known) : [];
  } catch {
    return [];
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';

export const readAllergens = (stored: string | null | undefined): AllergenCode[] =>
  readCodes(stored, ALLERGEN_CODES);
export const readTags = (stored: string | null | undefined): DietaryTagCode[] =>
  readCodes(stored, DIETARY_TAG_CODES);

export const storeAllergens = (codes: readonly string[]) =>
  JSON.stringify(canonicalCodes(codes, ALLERGEN_CODES));
export const storeTags = (codes: readonly string[]) =>
  JSON.stringify(canonicalCodes(codes, DIETARY_TAG_CODES));
