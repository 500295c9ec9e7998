import { endpoints, type StaffMember } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/staff → `{results}`: every staff and admin account (never customers). */
export async function getStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return (await panelCall(endpoints.getStaff, { signal })).results;
}

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('staff'),
    queryFn: ({ signal }) => getStaff(signal),
  });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
