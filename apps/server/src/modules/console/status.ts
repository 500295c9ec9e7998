import type { BranchConsole } from '@comanda/shared';
import { pauseState } from '../../lib/branch-pause';
import { consoleOf, statusEvent, toConsole, type ConsoleDeps } from './deps';

/** setTimeout's ceiling (~24.8 days); longer pauses are "until reopened" anyway. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * A branch's state as the console sees it, and this node's announcements of it. Every node
 * re-reads a branch for every change it hears of and tells its own sockets only, so each socket
 * hears a change once; while a timed pause runs, this node's timer announces its end. The truth
 * never depends on the timer: pause state is computed from `paused_until` on read.
 */
export function createStatusService(deps: ConsoleDeps) {
  const resumeTimers = new Map<number, ReturnType<typeof setTimeout>>();

  function armTimer(branchId: number, resumesAt: Date, at: Date) {
    const timer = setTimeout(
      () => {
        resumeTimers.delete(branchId);
        void consoleOf(deps, branchId).then((state) => {
          if (state && !state.paused) deps.events().branchStatusHere(statusEvent(state));
        });
      },
      Math.min(resumesAt.getTime() - at.getTime(), MAX_TIMER_MS),
    );
    timer.unref();
    resumeTimers.set(branchId, timer);
  }

  async function refresh(branchId: number, announce: boolean): Promise<void> {
    clearTimeout(resumeTimers.get(branchId));
    resumeTimers.delete(branchId);
    const branch = await deps.repository.findBranch(branchId);
    if (!branch) return;
    const at = deps.now();
    if (announce) deps.events().branchStatusHere(statusEvent(toConsole(branch, at)));
    const { resumes_at } = pauseState(branch.paused_until, at);
    if (resumes_at) armTimer(branchId, resumes_at, at);
  }

  return {
    get: (branchId: number) => consoleOf(deps, branchId),

    /** Branches the caller may act on ('all' for chain-wide staff and admins). */
    async list(ids: number[] | 'all'): Promise<BranchConsole[]> {
      const at = deps.now();
      return (await deps.repository.listBranches(ids)).map((branch) => toConsole(branch, at));
    },

    /** A branch changed (on any node): tell this node's sockets, re-arm this node's timer. */
    announce: (branchId: number) => refresh(branchId, true),

    /** At start: arm the timers for pauses already running (another node may have set them). */
    async watchRunningPauses(): Promise<void> {
      for (const { id } of await deps.repository.pausedUntilAfter(deps.now().toISOString()))
        await refresh(id, false);
    },

    stop(): void {
      for (const timer of resumeTimers.values()) clearTimeout(timer);
      resumeTimers.clear();
    },
  };
}
