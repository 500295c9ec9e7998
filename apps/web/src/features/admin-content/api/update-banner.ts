import type { AdminBanner, BannerBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/banners/{id} → `{ results }`: edited, hidden or shown again. */
export async function updateBanner({ id, ...body }: BannerBody & { id: number }): Promise<AdminBanner> {
  return (await panelApi.put<{ results: AdminBanner }>(`/api/admin/banners/${id}`, body)).results;
}

export const useUpdateBanner = () => useContentMutation('banners', updateBanner);
