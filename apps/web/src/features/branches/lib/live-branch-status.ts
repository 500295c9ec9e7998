import type { Branch } from '@comanda/shared';
import type { QueryClient } from '@tanstack/react-query';
import { branchesQueryOptions } from '../api/get-branches';

/** `branch-status` (to every storefront socket): a branch paused, resumed, or changed its times. */
export interface BranchStatusChange {
  branch_id: number;
  accepting_orders: boolean;
  resumes_at: string | null;
  prep_minutes?: number;
}

export const isBranchStatusChange = (value: unknown): value is BranchStatusChange =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BranchStatusChange).branch_id === 'number' &&
  typeof (value as BranchStatusChange).accepting_orders === 'boolean' &&
  (typeof (value as BranchStatusChange).resumes_at === 'string' ||
    (value as BranchStatusChange).resumes_at === null);

export function withBranchStatus(branches: Branch[], change: BranchStatusChange): Branch[] {
  return branches.map((branch) =>
    branch.id === change.branch_id
      ? {
          ...branch,
          accepting_orders: change.accepting_orders,
          resumes_at: change.resumes_at,
          prep_minutes: change.prep_minutes ?? branch.prep_minutes,
        }
      : branch,
  );
}

/** Every branch list on screen (the header's overlay, /delivery-takeout, checkout) shows it at once. */
export function applyBranchStatus(queryClient: QueryClient, change: BranchStatusChange): void {
  queryClient.setQueryData<Branch[]>(branchesQueryOptions().queryKey, (branches) =>
    branches ? withBranchStatus(branches, change) : branches,
  );
}
