import { endpoints, type AdminBanner } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/banners → `{ results }`: every banner, hidden ones too, in their order. */
export async function getBanners(signal?: AbortSignal): Promise<AdminBanner[]> {
  return (await panelCall(endpoints.getAdminBanners, { signal })).results;
}

export const bannersQueryOptions = () =>
  queryOptions({ queryKey: adminKey('banners'), queryFn: ({ signal }) => getBanners(signal) });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
