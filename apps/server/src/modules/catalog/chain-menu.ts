import {
  chainCategory,
  chainProduct,
  type Branch,
  type CategoryWithProducts,
  type Product,
} from '@comanda/shared';
import { toCachedBody, type CachedBody, type PeekStamp } from '../../lib/response-cache';
import { bind } from '../../lib/bind';
import type { CatalogService } from './service';

/** Chain answers kept at most: every category and product slug of a large menu, and some unknown ones. */
const MAX_KEPT = 4_000;

const categoryKey = (slug: string) => `category:${slug}`;
const productKey = (slug: string) => `product:${slug}`;

interface Kept {
  /** The branch answers it was merged from, by identity. */
  sources: readonly unknown[];
  body: CachedBody | null;
  /** Since the last time `peekMerged` found every source fresh: while it holds, they still are. */
  checked: PeekStamp | null;
}

/**
 * The chain's menu for a visitor who has not chosen a branch (decision 042): each answer is
 * merged (shared chain-menu.ts) from the same slug's cached answer at every branch and kept
 * while those answers are the same objects, so whatever drops one of them (an admin edit, a
 * sold-out switch, on any node) rebuilds it, and nothing else does. Plain functions of what they
 * read (decision 065), bound by createChainMenu.
 */
export interface ChainMenuDeps {
  /** The branches' answers it merges, and their fresh peeks. */
  catalog: Pick<CatalogService, 'branches' | 'category' | 'product' | 'fresh'>;
  /** The merged answers, by key. */
  kept: Map<string, Kept>;
}

/** The chain menu's state made once: nothing merged yet. */
export const createChainMenuDeps = (catalog: ChainMenuDeps['catalog']): ChainMenuDeps => ({
  catalog,
  kept: new Map(),
});

async function merged<T>(
  { catalog, kept }: ChainMenuDeps,
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
  kept.set(key, { sources, body, checked: null });
  return body;
}

/**
 * The kept answer for `key` if `merged` would return it at once: every answer it was merged
 * from is still the one the cache serves fresh (see CatalogService.fresh). Synchronous, for
 * the fast path; `undefined` sends the request to the route. A chain of many branches would
 * peek at each on every request: once all were found fresh, a stamp says until when they stay
 * so, and only a change in the cache or that instant makes it peek again. `stamp`, the
 * caller's, is lowered to the instant this answer turns stale.
 */
function peekMerged(
  { catalog, kept }: ChainMenuDeps,
  key: string,
  peek: (branchId: number, stamp: PeekStamp) => CachedBody | null | undefined,
  stamp: PeekStamp | undefined,
): CachedBody | null | undefined {
  const previous = kept.get(key);
  if (!previous) return undefined;
  const checked = catalog.fresh.recheck(previous, (fresh) => {
    const branchList = catalog.fresh.branches(fresh);
    if (!branchList || previous.sources[0] !== branchList) return false;
    const branches = (branchList.value as { results: Branch[] }).results;
    if (previous.sources.length !== branches.length + 1) return false;
    return branches.every((branch, i) => {
      const source = peek(branch.id, fresh);
      return source !== undefined && source === previous.sources[i + 1];
    });
  });
  if (!checked) return undefined;
  if (stamp) stamp.until = Math.min(stamp.until, checked.until);
  return previous.body;
}

export const mergedCategory = (deps: ChainMenuDeps, slug: string) =>
  merged<CategoryWithProducts>(
    deps,
    categoryKey(slug),
    (branchId) => deps.catalog.category(slug, branchId),
    chainCategory,
  );

export const mergedProduct = (deps: ChainMenuDeps, slug: string) =>
  merged<Product>(
    deps,
    productKey(slug),
    (branchId) => deps.catalog.product(slug, branchId),
    chainProduct,
  );

/** What `mergedCategory` would answer at once, or `undefined` (see peekMerged). */
export const freshMergedCategory = (deps: ChainMenuDeps, slug: string, stamp?: PeekStamp) =>
  peekMerged(
    deps,
    categoryKey(slug),
    (branchId, checked) => deps.catalog.fresh.category(slug, branchId, checked),
    stamp,
  );

/** What `mergedProduct` would answer at once, or `undefined` (see peekMerged). */
export const freshMergedProduct = (deps: ChainMenuDeps, slug: string, stamp?: PeekStamp) =>
  peekMerged(
    deps,
    productKey(slug),
    (branchId, checked) => deps.catalog.fresh.product(slug, branchId, checked),
    stamp,
  );

/** The chain's menu before a branch is chosen, as app.chainMenu. */
export function createChainMenu(deps: ChainMenuDeps) {
  return {
    category: bind(deps, mergedCategory),
    product: bind(deps, mergedProduct),
    fresh: {
      category: bind(deps, freshMergedCategory),
      product: bind(deps, freshMergedProduct),
    },
  };
}

export type ChainMenu = ReturnType<typeof createChainMenu>;
