import { chainDayRange, chainToday, type Branch } from '@comanda/shared';
import { nowDate, systemClock, type Clock } from '../../lib/clock';
import { ResponseCache, type PeekStamp } from '../../lib/response-cache';
import type { CatalogChange } from '../../plugins/catalog-events';
import { branchesAt } from './branches';
import {
  bannersOn,
  couponAt,
  parametersOf,
  paymentTypes,
  socialLinks,
  type OnlinePayments,
} from './content';
import { yieldToLoop } from '../../lib/yield-to-loop';
import { daypartSchedule, type DaypartSchedule } from './dayparts';
import { categoryAt, productAt, type MenuNow } from './menu';
import type { CatalogRepository } from './repository';

/** How long a cached catalogue answer lives; also bounds how stale `open_now` can be. */
const CACHE_TTL_MS = 30_000;

/** Each answer's key in the response cache. */
const KEY = {
  branches: 'branches',
  categories: 'categories',
  category: (slug: string, branchId: number) => `category:${slug}:${branchId}`,
  product: (slug: string, branchId: number) => `product:${slug}:${branchId}`,
  banners: 'banners',
  socialLinks: 'social-links',
  paymentTypes: 'payment-types',
  parameters: (segment: string) => `parameters:${segment}`,
  coupon: (branchId: number) => `coupon:${branchId}`,
};

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

/** The cached answers of one branch: its categories and products. */
const ofBranch = (branchId: number) => (key: string) =>
  (key.startsWith('category:') || key.startsWith('product:')) && key.endsWith(`:${branchId}`);

/**
 * The answers the service's methods of the same name would give at once, without a query, a
 * rebuild or a wait; `undefined` (or `null` for a cached "not found") when they would need any of
 * those. For the fast path (fast-path.ts), which leaves everything else to the routes.
 */
function freshAnswers(cache: ResponseCache) {
  return {
    branches: (stamp?: PeekStamp) => cache.peek(KEY.branches, stamp),
    categories: (stamp?: PeekStamp) => cache.peek(KEY.categories, stamp),
    category: (slug: string, branchId: number, stamp?: PeekStamp) =>
      cache.peek(KEY.category(slug, branchId), stamp),
    product: (slug: string, branchId: number, stamp?: PeekStamp) =>
      cache.peek(KEY.product(slug, branchId), stamp),
    banners: (stamp?: PeekStamp) => cache.peek(KEY.banners, stamp),
    socialLinks: () => cache.peek(KEY.socialLinks),
    paymentTypes: () => cache.peek(KEY.paymentTypes),
    parameters: (segment: string) => cache.peek(KEY.parameters(segment)),
    coupon: (branchId: number) => cache.peek(KEY.coupon(branchId)),
    /** Whether what `kept` was made of is still fresh, peeking again only when it must. */
    recheck: (kept: { checked: PeekStamp | null }, peekAll: (stamp: PeekStamp) => boolean) =>
      cache.recheck(kept, peekAll),
  };
}

/**
 * Catalogue answers in the contract's shapes, each cached serialized (see ResponseCache). The
 * answers are built by branches.ts, menu.ts and content.ts; this file caches and forgets them.
 */
export function createCatalogService(
  repository: CatalogRepository,
  clock: Clock = systemClock,
  online: OnlinePayments = { enabled: false, test: false },
) {
  // The fast paths read the clock on every peek: a number, no Date.
  const cache = new ResponseCache(CACHE_TTL_MS, () => clock.now());
  const now = () => nowDate(clock);

  // The menu's dayparts, read once per catalogue version and dropped with its answers.
  let schedule: Promise<DaypartSchedule> | null = null;
  const dayparts = () => {
    if (!schedule) {
      // Every product's row at a 100× menu: indexed after the loop has served what waited.
      const read = repository.listDayparts().then(async (rows) => {
        await yieldToLoop();
        return daypartSchedule(rows);
      });
      schedule = read;
      read.catch(() => {
        if (schedule === read) schedule = null;
      });
    }
    return schedule;
  };
  /**
   * An answer that dayparts shape: built for the instant it was asked at, and wrong (not just
   * old) from the menu's next daypart change on, when it is rebuilt before it is served again.
   */
  const timed = (key: string, build: (menu: MenuNow) => Promise<unknown>) => {
    const at = now();
    let until: number | null = null;
    return cache.get(
      key,
      async () => {
        const menu = { at, dayparts: await dayparts() };
        until = menu.dayparts.nextChange(at);
        return results(build(menu));
      },
      () => until,
    );
  };

  return {
    branches: () =>
      cache.get(KEY.branches, () => results(branchesAt(repository, now())), firstResume),
    categories: () =>
      timed(KEY.categories, async ({ at, dayparts }) =>
        (await repository.listCategories()).filter((c) => dayparts.categoryShown(c.id, at)),
      ),
    category: (slug: string, branchId: number) =>
      timed(KEY.category(slug, branchId), (menu) => categoryAt(repository, slug, branchId, menu)),
    product: (slug: string, branchId: number) =>
      timed(KEY.product(slug, branchId), (menu) => productAt(repository, slug, branchId, menu)),
    /** What the methods of the same name would give at once, for the fast path (freshAnswers). */
    fresh: freshAnswers(cache),
    // Banners have a window of chain days: the answer turns stale at the chain's next midnight.
    banners: () =>
      cache.get(
        KEY.banners,
        () => results(bannersOn(repository, chainToday(now()))),
        () => chainDayRange(chainToday(now())).end.getTime(),
      ),
    socialLinks: () => cache.get(KEY.socialLinks, () => results(socialLinks(repository))),
    paymentTypes: () =>
      cache.get(KEY.paymentTypes, () => results(paymentTypes(repository, online))),
    parameters: (segment: string) =>
      cache.get(KEY.parameters(segment), () => results(parametersOf(repository, segment))),
    /** product.md «Wire contract»: the coupon's fields at the top level, not wrapped in results. */
    coupon: (branchId: number) =>
      cache.get(KEY.coupon(branchId), () => couponAt(repository, branchId)),
    /** Drops the answers a committed change affects (see plugins/catalog-events). */
    invalidate(change: CatalogChange) {
      if (change.type === 'availability' || change.type === 'option-availability')
        cache.forget(ofBranch(change.branch_id));
      else if (change.type === 'branch') cache.forget((key) => key === KEY.branches);
      else {
        schedule = null;
        cache.clear();
      }
    },
    /** Whether a branch exists, to tell "unknown branch" from "unknown slug" in a 404. */
    branchExists: async (branchId: number) => (await repository.findBranch(branchId)) !== undefined,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
