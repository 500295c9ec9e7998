import type { Branch } from '@comanda/shared';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/stores/session-store';
import { branchesQueryOptions } from '../api/get-branches';

/**
 * The chosen branch as the branch list gives it now (a pause, rush minutes, new zones), or the
 * copy stored when it was chosen until the list has loaded; null when none is chosen. Without
 * one the list is not read: a first visit's screen would fetch it while hydrating, to draw itself
 * again with nothing new.
 */
export function useChosenBranch(): Branch | null {
  const stored = useSession((state) => state.branch);
  const branches = useQuery({ ...branchesQueryOptions(), enabled: stored !== null });
  if (!stored) return null;
  return branches.data?.find((branch) => branch.id === stored.id) ?? stored;
}

/**
 * What the pickup line says of a branch: its title, its estimate now, whether it takes orders,
 * when it opens if its hours close it, and until when a timed pause lasts.
 */
export function pickupFacts(branch: Branch | null): {
  id: number;
  title: string;
  eta: readonly [number, number] | null;
  accepting: boolean;
  closed: string | null;
  paused: string | null;
} | null {
  if (!branch) return null;
  // A branch stored before estimates existed has none: the line then says only where.
  const eta: readonly [number, number] | null =
    (branch.eta as Branch['eta'] | undefined)?.pickup ?? null;
  return {
    id: branch.id,
    title: branch.title,
    eta,
    accepting: branch.accepting_orders !== false,
    // A branch stored before this was said has none: the line then says it takes no orders.
    closed: branch.closed ?? null,
    paused: branch.paused ?? null,
  };
}
