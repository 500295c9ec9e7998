import { endpoints, type AdminBanner, type BannerBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/banners/{id} → `{ results }`: edited, hidden or shown again. */
export async function updateBanner({
  id,
  ...body
}: BannerBody & { id: number }): Promise<AdminBanner> {
  return (await panelCall(endpoints.updateBanner, { params: { id }, body })).results;
}

export const useUpdateBanner = () => useContentMutation('banners', updateBanner);
