import { chainDayRange, chainToday, type Branch } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { nowDate } from '../../lib/clock';
import type { CachedBody } from '../../lib/response-cache';
import { touchedProducts, type CatalogChange } from '../../plugins/catalog-events';
import { branchesAt } from './branches';
import { KEY, ofBranch, ofProducts } from './cache-keys';
import { bannersOn, couponAt, parametersOf, paymentTypes, socialLinks } from './content';
import { categoryAt, productAt, type MenuNow } from './menu';
import { findBranch, listCategories } from './repository';
import type { CatalogDeps } from './types';

// Catalogue answers in the contract's shapes, each cached serialized (lib/response-cache.ts).
// The answers are built by branches.ts, menu.ts and content.ts; these functions cache, time and
// forget them. Plain functions of the module's deps (decision 065).

type Cached = Promise<CachedBody | null>;

/** An answer in the contract's `{ results }` wrapper; `null` (a 404) stays null. */
const results = async <T>(value: Promise<T | null>) => {
  const resolved = await value;
  return resolved === null ? null : { results: resolved };
};

/** The branch list turns stale when the first timed pause in it ends, not 30 s later. */
const firstResume = (value: unknown) => {
  const ends = ((value as { results: Branch[] } | null)?.results ?? [])
    .map((b) => (b.resumes_at ? Date.parse(b.resumes_at) : Infinity))
    .filter(Number.isFinite);
  return ends.length > 0 ? Math.min(...ends) : null;
};

/**
 * An answer that dayparts shape: built for the instant it was asked at, and wrong (not just
 * old) from the menu's next daypart change on, when it is rebuilt before it is served again.
 */
function timed(
  { cache, clock, dayparts }: CatalogDeps,
  key: string,
  build: (menu: MenuNow) => Promise<unknown>,
): Cached {
  const at = nowDate(clock);
  let until: number | null = null;
  return cache.get(
    key,
    async () => {
      const menu = { at, dayparts: await dayparts.get() };
      until = menu.dayparts.nextChange(at);
      return results(build(menu));
    },
    () => until,
  );
}

export const cachedBranches = ({ cache, db, clock }: CatalogDeps): Cached =>
  cache.get(KEY.branches, () => results(branchesAt(db, nowDate(clock))), firstResume);

export const cachedCategories = (deps: CatalogDeps): Cached =>
  timed(deps, KEY.categories, async ({ at, dayparts }) =>
    (await listCategories(deps.db)).filter((c) => dayparts.categoryShown(c.id, at)),
  );

export const cachedCategory = (deps: CatalogDeps, slug: string, branchId: number): Cached =>
  timed(deps, KEY.category(slug, branchId), (menu) => categoryAt(deps.db, slug, branchId, menu));

export const cachedProduct = (deps: CatalogDeps, slug: string, branchId: number): Cached =>
  timed(deps, KEY.product(slug, branchId), (menu) => productAt(deps.db, slug, branchId, menu));

/** Banners have a window of chain days: the answer turns stale at the chain's next midnight. */
export const cachedBanners = ({ cache, db, clock }: CatalogDeps): Cached =>
  cache.get(
    KEY.banners,
    () => results(bannersOn(db, chainToday(nowDate(clock)))),
    () => chainDayRange(chainToday(nowDate(clock))).end.getTime(),
  );

export const cachedSocialLinks = ({ cache, db }: CatalogDeps): Cached =>
  cache.get(KEY.socialLinks, () => results(socialLinks(db)));

export const cachedPaymentTypes = ({ cache, db, online }: CatalogDeps): Cached =>
  cache.get(KEY.paymentTypes, () => results(paymentTypes(db, online)));

export const cachedParameters = ({ cache, db }: CatalogDeps, segment: string): Cached =>
  cache.get(KEY.parameters(segment), () => results(parametersOf(db, segment)));

/** product.md «Wire contract»: the coupon's fields at the top level, not wrapped in results. */
export const cachedCoupon = ({ cache, db }: CatalogDeps, branchId: number): Cached =>
  cache.get(KEY.coupon(branchId), () => couponAt(db, branchId));

/** Drops the answers a committed change affects (see plugins/catalog-events). */
export function invalidate({ cache, dayparts }: CatalogDeps, change: CatalogChange): void {
  const touched = touchedProducts(change);
  if (change.type === 'availability' || change.type === 'option-availability')
    cache.forget(ofBranch(change.branch_id));
  else if (change.type === 'branch') cache.forget((key) => key === KEY.branches);
  else if (touched) {
    cache.forget(ofProducts(touched));
    if (touched.menu) {
      dayparts.forget();
      // Made again before it is served, and the same object if it reads the same: the pages
      // made of it (the menu) are kept unless the list did change.
      cache.expire((key) => key === KEY.categories);
    }
  } else {
    dayparts.forget();
    cache.clear();
  }
}

/** Whether a branch exists, to tell "unknown branch" from "unknown slug" in a 404. */
export const branchExists = async (db: DbExecutor, branchId: number): Promise<boolean> =>
  (await findBranch(db, branchId)) !== undefined;
