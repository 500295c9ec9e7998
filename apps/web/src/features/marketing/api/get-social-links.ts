import { endpoints, type SocialLinks } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/social-links → `{ results: { accounts, messaging } }`: what the chain's admin set in the back office. */
export async function getSocialLinks(signal?: AbortSignal): Promise<SocialLinks> {
  return (await call(endpoints.getSocialLinks, { signal })).results;
}

export const socialLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['social-links'],
    queryFn: ({ signal }) => getSocialLinks(signal),
    staleTime: 5 * 60_000,
  });

export function useSocialLinks() {
  return useQuery(socialLinksQueryOptions());
}
