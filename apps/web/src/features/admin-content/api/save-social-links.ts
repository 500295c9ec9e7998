import { endpoints, type AdminSocialLinks, type SocialLinksBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';
import { useContentMutation } from './use-content-mutation';

/** PUT /api/admin/social-links → `{ results }`: the three networks at once. */
export async function saveSocialLinks(body: SocialLinksBody): Promise<AdminSocialLinks> {
  return (await panelCall(endpoints.saveSocialLinks, { body })).results;
}

export const useSaveSocialLinks = () => useContentMutation('social-links', saveSocialLinks);
