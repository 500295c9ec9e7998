import { endpoints, type StaffCreateBody, type StaffMember } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** POST /api/admin/staff → `{results}`: a new staff or admin account with its first password. */
export async function createStaff(body: StaffCreateBody): Promise<StaffMember> {
  return (await panelCall(endpoints.createStaff, { body })).results;
}

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey('staff') }),
  });
}
