import { foldText, zoneFor, type Branch, type CoverageEntry } from '@comanda/shared';
import type { Clock } from '../../lib/clock';
import { ResponseCache, type CachedBody } from '../../lib/response-cache';
import type { CatalogChange } from '../../plugins/catalog-events';

/** As long as the catalogue's answers: the branch list these are made from lives as long. */
const CACHE_TTL_MS = 30_000;
/** The key of the one empty answer every neighbourhood no branch serves shares. */
const NOT_SERVED = 'coverage:';

/** Spanish alphabetical order ("Ñ" after "N", accents beside their letter). */
const spanish = new Intl.Collator('es');

/**
 * Delivery before the cart (decision 029): the neighbourhoods the chain serves and, for one of
 * them, the branches that reach it with their fee, minimum and estimate. Both are made from the
 * catalogue's own branch answer (no query of their own: its zones, hours, pause and rush, and
 * each zone's estimate by `deliveryEstimate`), so they can never disagree with the branch list
 * the storefront shows, and cached serialized like it.
 *
 * Only neighbourhoods some zone names get an entry of their own; every other text the world
 * may ask about shares one empty answer, so the cache stays as small as the chain's zones.
 */
export function createDeliveryService(options: {
  branches: () => Promise<CachedBody | null>;
  /** The app's clock (lib/clock.ts): the cache's TTL is read on it. */
  clock: Clock;
}) {
  const cache = new ResponseCache(CACHE_TTL_MS, () => options.clock.now());

  async function branchList(): Promise<Branch[]> {
    const body = await options.branches();
    return (body?.value as { results: Branch[] } | undefined)?.results ?? [];
  }

  /** Branches that deliver and have zones: paused or closed ones too (they say so in their entries). */
  const delivering = (branches: Branch[]) =>
    branches.filter((b) => b.delivery.available && b.delivery.zones.length > 0);

  async function neighbourhoods() {
    const names = new Map<string, string>();
    for (const branch of delivering(await branchList())) {
      for (const zone of branch.delivery.zones) {
        const key = foldText(zone.neighbourhood);
        // The first branch's spelling (the storefront's order) names a neighbourhood several serve.
        if (key && !names.has(key)) names.set(key, zone.neighbourhood.trim());
      }
    }
    return { results: [...names.values()].sort(spanish.compare).map((name) => ({ name })) };
  }

  async function coverage(wanted: string) {
    const entries: CoverageEntry[] = [];
    for (const branch of delivering(await branchList())) {
      const zone = zoneFor(branch.delivery.zones, wanted);
      if (!zone) continue;
      entries.push({
        branch: { id: branch.id, title: branch.title },
        neighbourhood: zone.neighbourhood,
        fee: zone.fee,
        min_order: zone.min_order,
        eta_min: zone.eta[0],
        eta_max: zone.eta[1],
        accepting_orders: branch.accepting_orders,
        open_now: branch.open_now,
        resumes_at: branch.resumes_at,
        closed: branch.closed,
      });
    }
    // Stable: equal entries keep the storefront's branch order.
    entries.sort(
      (a, b) =>
        Number(b.accepting_orders) - Number(a.accepting_orders) ||
        a.fee - b.fee ||
        a.eta_min - b.eta_min ||
        a.eta_max - b.eta_max,
    );
    return { results: entries };
  }

  /** An answer naming a timed pause turns stale when the first such pause ends, not 30 s later. */
  const firstResume = (value: unknown) => {
    const ends = ((value as { results: { resumes_at: string | null }[] }).results ?? [])
      .map((entry) => (entry.resumes_at ? Date.parse(entry.resumes_at) : Infinity))
      .filter(Number.isFinite);
    return ends.length > 0 ? Math.min(...ends) : null;
  };

  // The served names, folded, of the neighbourhoods answer in the cache now: made once per answer.
  const servedOf = new WeakMap<CachedBody, Set<string>>();
  const neighbourhoodsBody = () =>
    cache.get('neighbourhoods', neighbourhoods) as Promise<CachedBody>;

  return {
    neighbourhoods: neighbourhoodsBody,

    /** The branches that reach `neighbourhood` (accents, case and outer spaces aside). */
    async coverage(neighbourhood: string): Promise<CachedBody> {
      const listed = await neighbourhoodsBody();
      let served = servedOf.get(listed);
      if (!served) {
        served = new Set(
          (listed.value as { results: { name: string }[] }).results.map((n) => foldText(n.name)),
        );
        servedOf.set(listed, served);
      }
      const key = foldText(neighbourhood);
      if (!served.has(key))
        return cache.get(NOT_SERVED, async () => ({ results: [] })) as Promise<CachedBody>;
      return cache.get(`coverage:${key}`, () => coverage(key), firstResume) as Promise<CachedBody>;
    },

    /**
     * Zones, hours, a pause or rush minutes changed on some node (`branch`), or anything wider
     * (`catalog`): every answer here may name them. Heard after the catalogue dropped its branch
     * list, so the next rebuild reads the new one.
     */
    invalidate(change: CatalogChange) {
      if (change.type !== 'availability' && change.type !== 'option-availability') cache.clear();
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
