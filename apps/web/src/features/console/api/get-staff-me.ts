import { endpoints, type StaffMe } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

/** GET /api/staff/me → `{ user }`: the console's account, its role and its branches. */
export async function getStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  const body = await panelCall(endpoints.getStaffMe, { signal });
  return body.user;
}

export const staffMeQueryOptions = () =>
  queryOptions({
    queryKey: [PANEL_KEY, 'me'],
    queryFn: ({ signal }) => getStaffMe(signal),
    staleTime: 5 * 60_000,
  });

export function useStaffMe(enabled: boolean) {
  return useQuery({ ...staffMeQueryOptions(), enabled });
}
