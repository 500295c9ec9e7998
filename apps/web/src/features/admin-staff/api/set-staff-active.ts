import { endpoints, type StaffMember } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/**
 * POST /api/admin/staff/{id}/deactivate or …/activate → `{results}`. Deactivating ends the
 * account's sessions at once; the last active admin is refused (409, in Spanish).
 */
export async function setStaffActive(id: number, active: boolean): Promise<StaffMember> {
  return (
    await panelCall(active ? endpoints.activateStaff : endpoints.deactivateStaff, {
      params: { id },
    })
  ).results;
}

export function useSetStaffActive(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => setStaffActive(id, active),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey('staff') }),
  });
}
