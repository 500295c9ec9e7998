import type { AdminSocialLinks, SocialLinksBody } from '@comanda/shared';
import { panelApi } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/social-links → `{ results }`: the three networks at once. */
export async function saveSocialLinks(body: SocialLinksBody): Promise<AdminSocialLinks> {
  return (await panelApi.put<{ results: AdminSocialLinks }>('/api/admin/social-links', body)).results;
}

export const useSaveSocialLinks = () => useContentMutation('social-links', saveSocialLinks);
