import { chainClock, LATE_UNANSWERED_MINUTES, type LiveBranch } from '@comanda/shared';

/**
 * Informes' Ahora: what head office reads of every branch at this moment, and in what order. Ages
 * are measured against the answer's own `at` (the server's clock), not the device's, so a laptop
 * a few minutes off never shows a wait that is not there.
 */

/** Whole minutes the oldest unanswered order has waited; null when none waits. */
export function waitedMinutes(branch: Pick<LiveBranch, 'oldest_waiting_at'>, at: string) {
  if (branch.oldest_waiting_at === null) return null;
  return Math.max(0, Math.floor((Date.parse(at) - Date.parse(branch.oldest_waiting_at)) / 60_000));
}

/** An order unanswered as long as the board takes to mark it Demorado. */
export const waitsTooLong = (branch: Pick<LiveBranch, 'oldest_waiting_at'>, at: string) =>
  (waitedMinutes(branch, at) ?? 0) >= LATE_UNANSWERED_MINUTES;

/** A branch to phone: an order past its promised time, or one waiting too long for an answer. */
export const needsCall = (branch: LiveBranch, at: string): boolean =>
  branch.late > 0 || waitsTooLong(branch, at);

/** "hace 5 min", "hace 1 h 05 min", "ahora"; a dash when nothing waits. */
export function waitedText(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 1) return 'ahora';
  if (minutes < 60) return `hace ${minutes} min`;
  return `hace ${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The state badge: "Abierta", "Cerrada", "En pausa hasta 14:30" or "En pausa hasta reabrir". */
export function stateText(branch: Pick<LiveBranch, 'state' | 'paused_until'>): string {
  if (branch.state === 'open') return 'Abierta';
  if (branch.state === 'closed') return 'Cerrada';
  return branch.paused_until === null
    ? 'En pausa hasta reabrir'
    : `En pausa hasta ${chainClock(new Date(branch.paused_until))}`;
}

export type LiveSortKey =
  | 'attention'
  | 'name'
  | 'state'
  | 'rush_minutes'
  | 'waiting'
  | 'late'
  | 'oldest'
  | 'couriers_out'
  | 'sales';

export interface LiveSort {
  key: LiveSortKey;
  direction: 'ascending' | 'descending';
}

/** Those to phone first: most late orders, then the longest wait, then most waiting. */
export const ATTENTION_FIRST: LiveSort = { key: 'attention', direction: 'descending' };

const STATE_RANK: Record<LiveBranch['state'], number> = { paused: 2, closed: 1, open: 0 };

/** What each column compares (larger = more to look at), the branch's name breaking ties. */
const measure: Record<Exclude<LiveSortKey, 'name'>, (b: LiveBranch, at: string) => number[]> = {
  attention: (b, at) => [
    needsCall(b, at) ? 1 : 0,
    b.late,
    waitedMinutes(b, at) ?? -1,
    b.waiting,
    STATE_RANK[b.state],
  ],
  state: (b) => [STATE_RANK[b.state]],
  rush_minutes: (b) => [b.rush_minutes],
  waiting: (b) => [b.waiting],
  late: (b) => [b.late],
  oldest: (b, at) => [waitedMinutes(b, at) ?? -1],
  couriers_out: (b) => [b.couriers_out],
  sales: (b) => [b.today.sales, b.today.orders],
};

const compareLists = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
};

/** The branches in the order asked; ties (and the name column) alphabetical. */
export function sortLive(branches: readonly LiveBranch[], sort: LiveSort, at: string) {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byName = (a: LiveBranch, b: LiveBranch) => a.name.localeCompare(b.name, 'es');
  if (sort.key === 'name') return [...branches].sort((a, b) => sign * byName(a, b));
  const of = measure[sort.key];
  return [...branches].sort((a, b) => sign * compareLists(of(a, at), of(b, at)) || byName(a, b));
}

/** A header pressed: the same column turns round, another starts with the most first. */
export function nextLiveSort(current: LiveSort, key: LiveSortKey): LiveSort {
  if (current.key === key)
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'name' ? 'ascending' : 'descending' };
}

/**
 * Events are hints that something changed somewhere: at a dinner peak they come many a second
 * from 300 branches. The first starts a short wait, the rest join it, and one read follows: at
 * most one read per `ms`, never more than `ms` behind the first event.
 */
export function coalesce(read: () => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    hint() {
      timer ??= setTimeout(() => {
        timer = undefined;
        read();
      }, ms);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
