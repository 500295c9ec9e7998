import { foldText } from '@comanda/shared';

/** Longest base of a made slug: room is left for a "-NN" suffix within the 120 characters. */
const BASE_MAX = 100;

/**
 * "Hamburguesa Clásica!" → "hamburguesa-clasica": accents stripped, lowercase, hyphens, at most
 * `max` characters (a column narrower than a product's 120 asks for less).
 */
export function slugify(title: string, fallback: string, max = BASE_MAX): string {
  const base = foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return base || fallback;
}

/** `base` when free, else the first free `base-2`, `base-3`… among the `taken` slugs. */
export function freeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A new row under the first free slug from `base`, unique by construction (decision 074):
 * `insert(slug)` inserts with ON CONFLICT (slug) DO NOTHING and answers the new id, or null when
 * the slug was taken; then the next free one is tried, in the same transaction. An insert that
 * meets a concurrent transaction's uncommitted row with the same slug waits for it on PostgreSQL
 * and then does nothing, so eight admins duplicating one product at once get eight slugs and
 * no unique violation (which used to be retried a few times, then answered 500).
 */
export async function insertUnderFreeSlug(
  base: string,
  taken: readonly string[],
  insert: (slug: string) => Promise<number | null>,
): Promise<{ id: number; slug: string }> {
  const used = [...taken];
  for (;;) {
    const slug = freeSlug(base, used);
    const id = await insert(slug);
    if (id !== null) return { id, slug };
    used.push(slug);
  }
}
