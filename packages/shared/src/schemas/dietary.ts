import { z } from 'zod';
import { ALLERGEN_CODES, DIETARY_TAG_CODES } from '../dietary';

// The back office's input of a product's allergens and tags (the lists themselves, zod-free for
// the storefront's bundle, are in ../dietary.ts).

export const DIETARY_MESSAGES = {
  allergens: 'Elige los alérgenos de la lista, sin repetir.',
  tags: 'Elige las etiquetas de la lista, sin repetir.',
} as const;

// Codes of the list, each once (so never more than the list holds).
const codeList = <T extends string>(codes: readonly [T, ...T[]], error: string) =>
  z
    .array(z.enum(codes, { error }), { error })
    .refine((list) => new Set(list).size === list.length, { error });

/** A product's allergens as the back office sends them. */
export const allergensInput = codeList(ALLERGEN_CODES, DIETARY_MESSAGES.allergens);
/** A product's dietary tags as the back office sends them. */
export const dietaryTagsInput = codeList(DIETARY_TAG_CODES, DIETARY_MESSAGES.tags);
