import { foldText, zoneFor, type Branch, type CoverageEntry } from '@comanda/shared';
import type { CachedBody } from '../../lib/response-cache';
import { touchedProducts, type CatalogChange } from '../../plugins/catalog-events';
import type { DeliveryDeps } from './deps';

// Delivery before the cart (decision 029): the neighbourhoods the chain serves and, for one of
// them, the branches that reach it with their fee, minimum and estimate. Both are made from the
// catalogue's own branch answer (no query of their own: its zones, hours, pause and rush, and
// each zone's estimate by `deliveryEstimate`), so they can never disagree with the branch list
// the storefront shows, and cached serialized like it.
//
// Only neighbourhoods some zone names get an entry of their own; every other text the world
// may ask about shares one empty answer, so the cache stays as small as the chain's zones.

/** The key of the one empty answer every neighbourhood no branch serves shares. */
const NOT_SERVED = 'coverage:';

/** Spanish alphabetical order ("Ñ" after "N", accents beside their letter). */
const spanish = new Intl.Collator('es');

async function branchList(branches: DeliveryDeps['branches']): Promise<Branch[]> {
  const body = await branches();
  return (body?.value as { results: Branch[] } | undefined)?.results ?? [];
}

/** Branches that deliver and have zones: paused or closed ones too (they say so in their entries). */
const delivering = (branches: Branch[]) =>
  branches.filter((b) => b.delivery.available && b.delivery.zones.length > 0);

async function neighbourhoodNames(branches: DeliveryDeps['branches']) {
  const named = new Map<string, { name: string; city: string }>();
  for (const branch of delivering(await branchList(branches))) {
    for (const zone of branch.delivery.zones) {
      const key = foldText(zone.neighbourhood);
      // The first branch (the storefront's order) names a neighbourhood several serve, and says
      // its city.
      if (key && !named.has(key))
        named.set(key, { name: zone.neighbourhood.trim(), city: branch.city.trim() });
    }
  }
  return { results: [...named.values()].sort((a, b) => spanish.compare(a.name, b.name)) };
}

async function coverageOf(branches: DeliveryDeps['branches'], wanted: string) {
  const entries: CoverageEntry[] = [];
  for (const branch of delivering(await branchList(branches))) {
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
      paused: branch.paused ?? null,
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

/** The neighbourhoods some branch delivers to, in Spanish order, cached serialized. */
export const neighbourhoods = ({ cache, branches }: DeliveryDeps) =>
  cache.get('neighbourhoods', () => neighbourhoodNames(branches)) as Promise<CachedBody>;

/** The branches that reach `neighbourhood` (accents, case and outer spaces aside). */
export async function coverage(deps: DeliveryDeps, neighbourhood: string): Promise<CachedBody> {
  const { cache, servedOf, branches } = deps;
  const listed = await neighbourhoods(deps);
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
  return cache.get(
    `coverage:${key}`,
    () => coverageOf(branches, key),
    firstResume,
  ) as Promise<CachedBody>;
}

/**
 * Zones, hours, a pause or rush minutes changed on some node (`branch`), or anything wider
 * (`catalog`): every answer here may name them. Heard after the catalogue dropped its branch
 * list, so the next rebuild reads the new one.
 */
export function invalidate({ cache }: Pick<DeliveryDeps, 'cache'>, change: CatalogChange) {
  // Coverage is made of the branch list, which no product's edit changes (decision 089).
  if (change.type === 'availability' || change.type === 'option-availability') return;
  if (!touchedProducts(change)) cache.clear();
}
