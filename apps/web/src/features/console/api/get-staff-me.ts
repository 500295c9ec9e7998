import { endpoints, type StaffMe } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

/**
 * GET /api/staff/me → `{ user }`: the console's account, its role (staff, admin or courier) and
 * its branches. `token`: right after a login, before the session holds it.
 */
export async function getStaffMe(signal?: AbortSignal, token?: string): Promise<StaffMe> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const body = await panelCall(endpoints.getStaffMe, { signal, headers });
  return body.user;
}

export const staffMeQueryOptions = () =>
  queryOptions({
    queryKey: [PANEL_KEY, 'me'],
    queryFn: ({ signal }) => getStaffMe(signal),
    staleTime: 5 * 60_000,
    // A console stays open all day: it hears within minutes that the chain now asks it for the
    // second factor (and until when it may wait), without a reload.
    refetchInterval: 5 * 60_000,
  });

export function useStaffMe(enabled: boolean) {
  return useQuery({ ...staffMeQueryOptions(), enabled });
}
