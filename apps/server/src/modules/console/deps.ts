import {
  chainToday,
  describeNextOpening,
  isOpenAt,
  nextOpening,
  type BranchConsole,
  type BranchStatusEvent,
} from '@comanda/shared';
import type { AdminWrite } from '../../lib/admin-write';
import { pauseState } from '../../lib/branch-pause';
import type { ConsoleRepository } from './repository';

/** How the console tells this node's screens; the plugin wires it to Socket.IO. */
export interface ConsoleEvents {
  /** To every socket on this node only: every node announces to its own sockets. */
  branchStatusHere(event: BranchStatusEvent): void;
}

/** What each part of the console is given: one options object, built in plugin.ts. */
export interface ConsoleDeps {
  repository: ConsoleRepository;
  /** The one write path (lib/admin-write.ts): each switch with its change-log row, then published. */
  write: AdminWrite;
  events: () => ConsoleEvents;
  now: () => Date;
}

type BranchRow = NonNullable<Awaited<ReturnType<ConsoleRepository['findBranch']>>>;

export function toConsole(branch: BranchRow, at: Date): BranchConsole {
  const open = isOpenAt(branch.hours, at, undefined, branch.exceptions);
  const pause = pauseState(branch.paused_until, at);
  // Closed today by a dated exception (a holiday, short hours) rather than by the usual week.
  const today = chainToday(at);
  const byException = branch.exceptions.some((exception) => exception.date === today);
  return {
    id: branch.id,
    slug: branch.slug,
    title: branch.title,
    accepting_orders: open && !pause.paused,
    open_now: open,
    closed_by: open ? null : byException ? 'exception' : 'hours',
    reopens: open
      ? null
      : describeNextOpening(nextOpening(branch.hours, at, undefined, branch.exceptions)),
    paused: pause.paused,
    until_reopened: pause.until_reopened,
    resumes_at: pause.resumes_at?.toISOString() ?? null,
    prep_minutes: branch.prep_minutes,
    rush_minutes: branch.rush_minutes,
    auto_print: branch.auto_print === 1,
    auto_accept_scheduled: branch.auto_accept_scheduled === 1,
    dispatch_from_preparing: branch.dispatch_from_preparing === 1,
    auto_offer_courier: branch.auto_offer_courier === 1,
    orders_per_slot: branch.orders_per_slot,
    staff_sets_capacity: branch.staff_sets_capacity === 1,
  };
}

export const statusEvent = (state: BranchConsole): BranchStatusEvent => ({
  branch_id: state.id,
  accepting_orders: state.accepting_orders,
  paused: state.paused,
  until_reopened: state.until_reopened,
  resumes_at: state.resumes_at,
  rush_minutes: state.rush_minutes,
  prep_minutes: state.prep_minutes,
});

/** A branch's console state now, or null when there is no such branch. */
export async function consoleOf(
  { repository, now }: ConsoleDeps,
  branchId: number,
): Promise<BranchConsole | null> {
  const branch = await repository.findBranch(branchId);
  return branch ? toConsole(branch, now()) : null;
}
