import { endpoints } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/banners/order {ids}: the whole list in its new order. */
export async function reorderBanners(ids: number[]): Promise<void> {
  await panelCall(endpoints.reorderBanners, { body: { ids } });
}

export const useReorderBanners = () => useContentMutation('banners', reorderBanners);
