import {
  chainCategory,
  chainProduct,
  type Branch,
  type CategoryWithProducts,
  type Product,
} from '@comanda/shared';
import { toCachedBody, type CachedBody } from '../../lib/response-cache';
import type { CatalogService } from './service';

/** Chain answers kept at most: every category and product slug of a large menu, and some unknown ones. */
const MAX_KEPT = 4_000;

interface Kept {
  /** The branch answers it was merged from, by identity. */
  sources: readonly unknown[];
  body: CachedBody | null;
}

/**
 * The chain's menu for a visitor who has not chosen a branch (decision 042): each answer is
 * merged (shared chain-menu.ts) from the same slug's cached answer at every branch and kept
 * while those answers are the same objects, so whatever drops one of them (an admin edit, a
 * sold-out switch, on any node) rebuilds it, and nothing else does.
 */
export function createChainMenu(catalog: CatalogService) {
  const kept = new Map<string, Kept>();

  async function merged<T>(
    key: string,
    read: (branchId: number) => Promise<CachedBody | null | undefined>,
    merge: (answers: T[]) => unknown,
  ): Promise<CachedBody | null> {
    const branchList = await catalog.branches();
    const branches = (branchList?.value as { results: Branch[] } | undefined)?.results ?? [];
    const sources = [branchList, ...(await Promise.all(branches.map((b) => read(b.id))))];
    const previous = kept.get(key);
    if (
      previous &&
      previous.sources.length === sources.length &&
      previous.sources.every((source, index) => source === sources[index])
    ) {
      return previous.body;
    }
    const answers = sources
      .slice(1)
      .map((source) => (source?.value as { results: T } | undefined)?.results)
      .filter((answer): answer is T => answer !== undefined);
    const value = merge(answers);
    const body = value === null ? null : await toCachedBody({ results: value });
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, { sources, body });
    return body;
  }

  return {
    category: (slug: string) =>
      merged<CategoryWithProducts>(
        `category:${slug}`,
        (branchId) => catalog.category(slug, branchId),
        chainCategory,
      ),
    product: (slug: string) =>
      merged<Product>(
        `product:${slug}`,
        (branchId) => catalog.product(slug, branchId),
        chainProduct,
      ),
  };
}

export type ChainMenu = ReturnType<typeof createChainMenu>;
