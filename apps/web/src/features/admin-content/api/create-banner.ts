import { endpoints, type AdminBanner, type BannerBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** POST /api/admin/banners → `{ results }`: a new banner, last in the list. */
export async function createBanner(body: BannerBody): Promise<AdminBanner> {
  return (await panelCall(endpoints.createBanner, { body })).results;
}

export const useCreateBanner = () => useContentMutation('banners', createBanner);
