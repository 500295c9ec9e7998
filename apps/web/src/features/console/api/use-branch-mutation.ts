import type { BranchConsole } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffBranchesQueryKey } from './get-staff-branches';

/** A branch switch answers the branch's whole state: it replaces that branch in the console's list. */
export function useBranchMutation<V>(send: (variables: V) => Promise<BranchConsole>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (branch) =>
      queryClient.setQueryData<BranchConsole[]>(staffBranchesQueryKey, (branches) =>
        branches?.map((current) => (current.id === branch.id ? branch : current)),
      ),
  });
}
