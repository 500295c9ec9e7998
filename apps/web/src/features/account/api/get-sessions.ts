import { endpoints, type SessionSummary } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/sessions → `{ results: SessionSummary[] }`: where this account is logged in, this device marked `current`. */
export async function getSessions(signal?: AbortSignal): Promise<SessionSummary[]> {
  const body = await call(endpoints.getSessions, { signal });
  return body.results;
}

export const sessionsQueryKey = ['sessions'] as const;

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => getSessions(signal),
    // Another device may log in or out at any time: never show an old list as current.
    staleTime: 0,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
