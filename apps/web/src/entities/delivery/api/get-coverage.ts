import { endpoints, foldText, type CoverageEntry } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** One branch that delivers to a neighbourhood, with what that delivery costs and how long it takes now. */
export type CoverageOption = CoverageEntry;

/**
 * GET /api/delivery/coverage?neighbourhood=… → `{results: CoverageOption[]}`: the branches that
 * deliver there, those taking orders now first, then the lowest fee, then the shortest estimate.
 * Empty when none does.
 */
export async function getCoverage(
  neighbourhood: string,
  signal?: AbortSignal,
): Promise<CoverageOption[]> {
  const body = await call(endpoints.getCoverage, { query: { neighbourhood }, signal });
  return body.results;
}

/**
 * The branch's entry among a place's coverage: its fee, minimum and estimate for that delivery.
 * The menu's delivery line and the checkout's «¿Para cuándo?» read the same entry, so they say
 * the same minutes.
 */
export function coverageAt(
  results: readonly CoverageOption[],
  branchId: number | null | undefined,
): CoverageOption | undefined {
  return branchId == null ? undefined : results.find((row) => row.branch.id === branchId);
}

/** Read again when a branch changes (rush, pause, zones): `realtime.ts` invalidates every entry. */
export const COVERAGE_KEY = ['delivery-coverage'] as const;

export const coverageQueryOptions = (neighbourhood: string) =>
  queryOptions({
    // Accents, case and outer spaces do not change the answer (`coversNeighbourhood`).
    queryKey: [...COVERAGE_KEY, foldText(neighbourhood)],
    queryFn: ({ signal }) => getCoverage(neighbourhood, signal),
    staleTime: 60_000,
  });

export function useCoverage(neighbourhood: string | null | undefined) {
  return useQuery({
    ...coverageQueryOptions(neighbourhood ?? ''),
    enabled: Boolean(neighbourhood?.trim()),
  });
}
