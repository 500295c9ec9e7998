// The catalogue's service: its plain functions bound to its one set of dependencies (decision
// 065). Nothing here decides anything; each line names the function that does.
import type { DbExecutor } from '../../db/types';
import { bind } from '../../lib/bind';
import { systemClock, type Clock } from '../../lib/clock';
import { remembered } from '../../lib/remembered';
import { ResponseCache } from '../../lib/response-cache';
import { yieldToLoop } from '../../lib/yield-to-loop';
import {
  branchExists,
  cachedBanners,
  cachedBranches,
  cachedCategories,
  cachedCategory,
  cachedCoupon,
  cachedParameters,
  cachedPaymentTypes,
  cachedProduct,
  cachedSocialLinks,
  invalidate,
} from './answers';
import type { OnlinePayments } from './content';
import { daypartSchedule } from './dayparts';
import {
  freshBanners,
  freshBranches,
  freshCategories,
  freshCategory,
  freshCoupon,
  freshParameters,
  freshPaymentTypes,
  freshProduct,
  freshSocialLinks,
  recheckFresh,
} from './fresh';
import { listDayparts } from './repository';
import type { CatalogDeps } from './types';

/** How long a cached catalogue answer lives; also bounds how stale `open_now` can be. */
const CACHE_TTL_MS = 30_000;

/** What the plugin (or a test) gives the catalogue. */
export interface CatalogSetup {
  db: DbExecutor;
  clock?: Clock;
  online?: OnlinePayments;
}

/** The catalogue's state made once: the response cache and the remembered dayparts. */
export function createCatalogDeps({
  db,
  clock = systemClock,
  online = { enabled: false, test: false },
}: CatalogSetup): CatalogDeps {
  return {
    db,
    clock,
    online,
    // The fast paths read the clock on every peek: a number, no Date.
    cache: new ResponseCache(CACHE_TTL_MS, () => clock.now()),
    // Every product's row at a 100× menu: indexed after the loop has served what waited.
    dayparts: remembered(async () => {
      const rows = await listDayparts(db);
      await yieldToLoop();
      return daypartSchedule(rows);
    }),
  };
}

/** Catalogue answers in the contract's shapes, each cached serialized, as app.catalog. */
export function createCatalogService(deps: CatalogDeps) {
  return {
    branches: bind(deps, cachedBranches),
    categories: bind(deps, cachedCategories),
    category: bind(deps, cachedCategory),
    product: bind(deps, cachedProduct),
    /** What the functions of the same name would give at once, for the fast path (fresh.ts). */
    fresh: {
      branches: bind(deps.cache, freshBranches),
      categories: bind(deps.cache, freshCategories),
      category: bind(deps.cache, freshCategory),
      product: bind(deps.cache, freshProduct),
      banners: bind(deps.cache, freshBanners),
      socialLinks: bind(deps.cache, freshSocialLinks),
      paymentTypes: bind(deps.cache, freshPaymentTypes),
      parameters: bind(deps.cache, freshParameters),
      coupon: bind(deps.cache, freshCoupon),
      recheck: bind(deps.cache, recheckFresh),
    },
    banners: bind(deps, cachedBanners),
    socialLinks: bind(deps, cachedSocialLinks),
    paymentTypes: bind(deps, cachedPaymentTypes),
    parameters: bind(deps, cachedParameters),
    coupon: bind(deps, cachedCoupon),
    invalidate: bind(deps, invalidate),
    branchExists: bind(deps.db, branchExists),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
