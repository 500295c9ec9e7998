import { endpoints, type StaffMember, type StaffUpdateBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** PUT /api/admin/staff/{id} → `{results}`: name, email, phone, role and branches. */
export async function updateStaff(id: number, body: StaffUpdateBody): Promise<StaffMember> {
  return (await panelCall(endpoints.updateStaff, { params: { id }, body })).results;
}

export function useUpdateStaff(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffUpdateBody) => updateStaff(id, body),
    // A 409 (saved by someone else since read) reads the account again too: the screen shows its current copy.
    onSettled: () => client.invalidateQueries({ queryKey: adminKey('staff') }),
  });
}
