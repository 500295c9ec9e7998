import type { AdminBanner, BannerBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** POST /api/admin/banners → `{ results }`: a new banner, last in the list. */
export async function createBanner(body: BannerBody): Promise<AdminBanner> {
  return (await panelApi.post<{ results: AdminBanner }>('/api/admin/banners', body)).results;
}

export const useCreateBanner = () => useContentMutation('banners', createBanner);
