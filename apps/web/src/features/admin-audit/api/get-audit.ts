import type { AuditEntry, AuditQuery } from '@comanda/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';

export type AuditFilters = Omit<AuditQuery, 'before'>;

interface AuditPage {
  results: AuditEntry[];
  next: number | null;
}

/** GET /api/admin/audit → `{results, next}`: one page of the change log, newest first. */
export function getAudit(filters: AuditFilters, before: number | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, String(value));
  if (before !== undefined) params.set('before', String(before));
  const query = params.toString();
  return panelApi.get<AuditPage>(`/api/admin/audit${query ? `?${query}` : ''}`, { signal });
}

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: adminKey('audit', filters),
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
