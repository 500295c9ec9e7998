import { endpoints, type StaffMember } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/**
 * POST /api/admin/staff/{id}/second-factor/reset → `{results}`: the account's second factor is
 * forgotten (a lost phone) and its sessions end (decision 044).
 */
export async function resetStaffSecondFactor(id: number): Promise<StaffMember> {
  return (await panelCall(endpoints.resetStaffSecondFactor, { params: { id } })).results;
}

export function useResetStaffSecondFactor(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => resetStaffSecondFactor(id),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey('staff') }),
  });
}
