import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/outbox → `{results, delivering}`: the latest messages, newest first. */
export function getOutbox(signal?: AbortSignal) {
  return panelCall(endpoints.getOutbox, { signal });
}

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('outbox'),
    queryFn: ({ signal }) => getOutbox(signal),
    // A message goes from pending to sent on its own: the list follows without a reload.
    refetchInterval: 15_000,
  });

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
