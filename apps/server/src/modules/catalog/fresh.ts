import type { CachedBody, PeekStamp, ResponseCache } from '../../lib/response-cache';
import { KEY } from './cache-keys';

// The answers answers.ts's functions of the same name would give at once, without a query, a
// rebuild or a wait; `undefined` (or `null` for a cached "not found") when they would need any of
// those. For the fast path (fast-path.ts), which leaves everything else to the routes.

type Fresh = CachedBody | null | undefined;

export const freshBranches = (cache: ResponseCache, stamp?: PeekStamp): Fresh =>
  cache.peek(KEY.branches, stamp);

export const freshCategories = (cache: ResponseCache, stamp?: PeekStamp): Fresh =>
  cache.peek(KEY.categories, stamp);

export const freshCategory = (
  cache: ResponseCache,
  slug: string,
  branchId: number,
  stamp?: PeekStamp,
): Fresh => cache.peek(KEY.category(slug, branchId), stamp);

export const freshProduct = (
  cache: ResponseCache,
  slug: string,
  branchId: number,
  stamp?: PeekStamp,
): Fresh => cache.peek(KEY.product(slug, branchId), stamp);

export const freshBanners = (cache: ResponseCache, stamp?: PeekStamp): Fresh =>
  cache.peek(KEY.banners, stamp);

export const freshSocialLinks = (cache: ResponseCache): Fresh => cache.peek(KEY.socialLinks);

export const freshPaymentTypes = (cache: ResponseCache): Fresh => cache.peek(KEY.paymentTypes);

export const freshParameters = (cache: ResponseCache, segment: string): Fresh =>
  cache.peek(KEY.parameters(segment));

export const freshCoupon = (cache: ResponseCache, branchId: number): Fresh =>
  cache.peek(KEY.coupon(branchId));

/** Whether what `kept` was made of is still fresh, peeking again only when it must. */
export const recheckFresh = (
  cache: ResponseCache,
  kept: { checked: PeekStamp | null },
  peekAll: (stamp: PeekStamp) => boolean,
): PeekStamp | null => cache.recheck(kept, peekAll);
