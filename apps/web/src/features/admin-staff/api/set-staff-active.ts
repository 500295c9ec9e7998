import type { StaffMember } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';

/**
 * POST /api/admin/staff/{id}/deactivate or …/activate → `{results}`. Deactivating ends the
 * account's sessions at once; the last active admin is refused (409, in Spanish).
 */
export async function setStaffActive(id: number, active: boolean): Promise<StaffMember> {
  return (await panelApi.post<{ results: StaffMember }>(`/api/admin/staff/${id}/${active ? 'activate' : 'deactivate'}`)).results;
}

export function useSetStaffActive(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => setStaffActive(id, active),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey('staff') }),
  });
}
