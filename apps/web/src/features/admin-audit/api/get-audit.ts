import { endpoints, type AuditQuery } from '@comanda/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

export type AuditFilters = Omit<AuditQuery, 'before'>;

/** GET /api/admin/audit → `{results, next}`: one page of the change log, newest first. */
export function getAudit(filters: AuditFilters, before: number | undefined, signal?: AbortSignal) {
  return panelCall(endpoints.getAudit, { query: { ...filters, before }, signal });
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
