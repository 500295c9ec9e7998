import { foldText } from '@comanda/shared';

/** Longest base of a made slug: room is left for a "-NN" suffix within the 120 characters. */
const BASE_MAX = 100;

/** "Hamburguesa Clásica!" → "hamburguesa-clasica": accents stripped, lowercase, hyphens. */
export function slugify(title: string, fallback: string): string {
  const base = foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BASE_MAX)
    .replace(/-+$/, '');
  return base || fallback;
}

/** `base` when free, else the first free `base-2`, `base-3`… among the `taken` slugs. */
export function freeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
