import { endpoints, type AdminSocialLinks } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/social-links → `{ results }`: each network's text, link or number, and whether it shows. */
export async function getAdminSocialLinks(signal?: AbortSignal): Promise<AdminSocialLinks> {
  return (await panelCall(endpoints.getAdminSocialLinks, { signal })).results;
}

export const adminSocialLinksQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('social-links'),
    queryFn: ({ signal }) => getAdminSocialLinks(signal),
  });

export function useAdminSocialLinks() {
  return useQuery(adminSocialLinksQueryOptions());
}
