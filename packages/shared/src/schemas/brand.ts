import { z } from 'zod';
import { ADMIN_MESSAGES, versionSchema } from './admin';
import { wholeNumberQuery } from './common';
import { safeText } from './text';

/** The limits of the chain's brand (migration 022's columns). */
export const BRAND_LIMITS = { name: 60, shortName: 20 } as const;

export const BRAND_MESSAGES = {
  name: 'Escribe el nombre de la marca (hasta 60 caracteres).',
  shortName: 'Escribe el nombre corto (hasta 20 caracteres).',
  color: 'El color debe ser #rrggbb, por ejemplo #b3261e.',
  logoSmall: 'El logo debe medir al menos 192 × 192 px.',
  logoShape:
    'El logo debe ser cuadrado o casi: uno de sus lados no puede medir más del doble del otro.',
} as const;

const text = (max: number, error: string) =>
  safeText({ error }).pipe(z.string().min(1, { error }).max(max, { error }));

/** The chain's brand as the back office's Marca edits it (decision 046). */
export const brandSettings = z.object({
  /** What the storefront's header, every title, the manifest and every email call the chain. */
  name: z.string(),
  /** The name under the icon on a phone's home screen. */
  short_name: z.string(),
  /** The theme colour, #rrggbb (lower case). */
  color: z.string(),
  /** True when the chain uploaded its logo; false: the logo the software ships with. */
  logo: z.boolean(),
  version: z.number().int(),
});
export type BrandSettings = z.infer<typeof brandSettings>;

export const brandSettingsBody = z.object({
  name: text(BRAND_LIMITS.name, BRAND_MESSAGES.name),
  short_name: text(BRAND_LIMITS.shortName, BRAND_MESSAGES.shortName),
  color: z
    .string({ error: BRAND_MESSAGES.color })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: BRAND_MESSAGES.color })
    .transform((value) => value.toLowerCase()),
  version: versionSchema.optional(),
});
export type BrandSettingsBody = z.input<typeof brandSettingsBody>;

/** The brand's version the logo's form was read at (a stale one is a 409, as for the fields). */
export const brandLogoQuery = z.object({
  version: wholeNumberQuery(ADMIN_MESSAGES.version, 1).optional(),
});
