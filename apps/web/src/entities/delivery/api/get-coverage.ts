import { foldText } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One branch that delivers to a neighbourhood, with what that delivery costs and how long it takes now. */
export interface CoverageOption {
  branch: { id: number; title: string };
  fee: number;
  min_order: number;
  /** Minutes from placing to the door, now (the branch's preparation, its rush minutes, the zone's delivery minutes). */
  eta_min: number;
  eta_max: number;
  /** false while the branch is closed or paused; `resumes_at` says until when, when known. */
  accepting_orders?: boolean;
  resumes_at?: string | null;
}

/**
 * GET /api/delivery/coverage?neighbourhood=… → `{results: CoverageOption[]}`: the branches that
 * deliver there, the lowest fee first, then the shortest estimate. Empty when none does.
 */
export async function getCoverage(neighbourhood: string, signal?: AbortSignal): Promise<CoverageOption[]> {
  const query = new URLSearchParams({ neighbourhood });
  const body = await api.get<{ results: CoverageOption[] }>(`/api/delivery/coverage?${query.toString()}`, { signal });
  return body.results;
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
  return useQuery({ ...coverageQueryOptions(neighbourhood ?? ''), enabled: Boolean(neighbourhood?.trim()) });
}
