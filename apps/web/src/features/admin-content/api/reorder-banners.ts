import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/banners/order {ids}: the whole list in its new order. */
export async function reorderBanners(ids: number[]): Promise<void> {
  await panelApi.put('/api/admin/banners/order', { ids });
}

export const useReorderBanners = () => useContentMutation('banners', reorderBanners);
