// Delivery's service: its plain functions bound to its one set of dependencies (decision 065).
import { bind } from '../../lib/bind';
import type { Clock } from '../../lib/clock';
import { ResponseCache } from '../../lib/response-cache';
import { coverage, invalidate, neighbourhoods } from './coverage';
import type { DeliveryDeps } from './deps';

/** As long as the catalogue's answers: the branch list these are made from lives as long. */
const CACHE_TTL_MS = 30_000;

/** Delivery's state made once: its response cache on the app's clock. */
export function createDeliveryDeps(source: {
  branches: DeliveryDeps['branches'];
  /** The app's clock (lib/clock.ts): the cache's TTL is read on it. */
  clock: Clock;
}): DeliveryDeps {
  return {
    branches: source.branches,
    cache: new ResponseCache(CACHE_TTL_MS, () => source.clock.now()),
    servedOf: new WeakMap(),
  };
}

/** Delivery before the cart, as app.delivery (coverage.ts, decision 029). */
export function createDeliveryService(deps: DeliveryDeps) {
  return {
    neighbourhoods: bind(deps, neighbourhoods),
    coverage: bind(deps, coverage),
    invalidate: bind(deps, invalidate),
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
