import { endpoints, type Shift, type ShiftCloseBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { branchShiftsQueryKey } from './get-branch-shifts';

/** POST /api/staff/shifts/{id}/close {cash_handed_in, note}: the shift's cash counted in. */
export async function closeShift({ id, ...body }: ShiftCloseBody & { id: number }): Promise<Shift> {
  return (await panelCall(endpoints.closeShift, { params: { id }, body })).results;
}

export function useCloseShift(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeShift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchShiftsQueryKey(branchId) }),
  });
}
