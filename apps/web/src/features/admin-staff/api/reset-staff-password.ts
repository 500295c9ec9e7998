import { endpoints, type StaffMember, type StaffPasswordBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** POST /api/admin/staff/{id}/password → `{results}`: a new password; every session of the account ends. */
export async function resetStaffPassword(
  id: number,
  body: StaffPasswordBody,
): Promise<StaffMember> {
  return (await panelCall(endpoints.resetStaffPassword, { params: { id }, body })).results;
}

export function useResetStaffPassword(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffPasswordBody) => resetStaffPassword(id, body),
    // A 409 (saved by someone else since read) reads the account again too: the screen shows its current copy.
    onSettled: () => client.invalidateQueries({ queryKey: adminKey('staff') }),
  });
}
