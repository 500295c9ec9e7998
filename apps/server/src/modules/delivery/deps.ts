import type { CachedBody, ResponseCache } from '../../lib/response-cache';

/** What delivery's functions are given (decision 065), made once by createDeliveryDeps (service.ts). */
export interface DeliveryDeps {
  /** The catalogue's cached branch answer, everything here is made from. */
  branches: () => Promise<CachedBody | null>;
  /** The answers, serialized, on the app's clock. */
  cache: ResponseCache;
  /** The served names, folded, of each neighbourhoods answer: made once per answer. */
  servedOf: WeakMap<CachedBody, Set<string>>;
}
