// Informes' "Ahora": every branch at this moment, for head office (admins). Plain functions of a
// small set of dependencies (decision 065); the SQL is in live-repository.ts.
import {
  chainDayRange,
  chainToday,
  type BranchConsole,
  type LiveBranch,
  type LiveReport,
} from '@comanda/shared';
import type { Clock } from '../../lib/clock';
import { isoInstant } from '../../lib/iso-instant';
import type { Timestamp } from '../../db/types';
import { couriersOutAt, lateAt, salesBetween, waitingAt, type LiveStore } from './live-repository';

export interface LiveDeps {
  store: LiveStore;
  clock: Clock;
  /**
   * Every active branch as its console sees it (open or closed by its hours and exceptions,
   * paused, its rush minutes): the console's own reading, `app.console.list('all')`, so the two
   * never disagree.
   */
  branches: () => Promise<BranchConsole[]>;
}

/**
 * A pause outranks the hours: it is the branch's own act and still holds when it opens (a pause
 * "until reopened" left on overnight keeps the morning from taking orders), which is what head
 * office needs to see. Closed otherwise when its hours or a dated exception say so.
 */
export const liveState = (branch: BranchConsole): LiveBranch['state'] =>
  branch.paused ? 'paused' : branch.open_now ? 'open' : 'closed';

/** A figure per branch, by id: the rows of one grouped statement. */
const byBranch = <R extends { branch_id: number }>(rows: R[]) =>
  new Map(rows.map((row) => [Number(row.branch_id), row]));

const count = (value: number | string | null | undefined) => Number(value ?? 0);

/** Every active branch at this moment, in the chain's own order (the branches' positions). */
export async function chainLive({ store, clock, branches }: LiveDeps): Promise<LiveReport> {
  const at = new Date(clock.now());
  const now = at.toISOString();
  const day = chainDayRange(chainToday(at));
  const all = await branches();
  const ids = all.map((branch) => branch.id);
  if (ids.length === 0) return { at: now, branches: [] };
  const [waiting, late, couriers, sales] = await Promise.all([
    waitingAt(store, ids, now).then(byBranch),
    lateAt(store, ids, now).then(byBranch),
    couriersOutAt(store, ids).then(byBranch),
    salesBetween(store, ids, day.start.toISOString(), day.end.toISOString()).then(byBranch),
  ]);
  return {
    at: now,
    branches: all.map((branch): LiveBranch => {
      const wait = waiting.get(branch.id);
      const sold = sales.get(branch.id);
      return {
        branch_id: branch.id,
        name: branch.title,
        state: liveState(branch),
        paused_until: branch.paused ? branch.resumes_at : null,
        rush_minutes: branch.rush_minutes,
        waiting: count(wait?.orders),
        late: count(late.get(branch.id)?.orders),
        oldest_waiting_at: wait?.since ? isoInstant(wait.since as Timestamp) : null,
        couriers_out: count(couriers.get(branch.id)?.couriers),
        today: { orders: count(sold?.orders), sales: count(sold?.sales) },
      };
    }),
  };
}
