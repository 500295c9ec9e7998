import { promiseMinutes, type OpenWork } from '@comanda/shared';

const MINUTE = 60_000;

/** An open order as the promise reads it. */
export interface OpenWorkRow {
  id: number;
  status: string;
  quantity: number;
  accepted_at: string | Date | null;
  promised_at: string | Date | null;
  fire_at: string | Date | null;
}

const time = (value: string | Date) => new Date(value).getTime();

/**
 * The open work of a branch at `at` (decision 037): accepted orders with the share of their
 * promised time still ahead, then, first come first served, orders waiting to be accepted
 * and scheduled orders firing before `horizonMinutes` from now. `except` leaves one order out
 * (the one being accepted, whose own minutes are the question).
 */
export function openWorkOf(
  rows: readonly OpenWorkRow[],
  at: Date,
  horizonMinutes: number,
  except?: number,
): OpenWork {
  const now = at.getTime();
  const horizon = now + horizonMinutes * MINUTE;
  const cooking: { units: number; minutes_left: number }[] = [];
  const waiting: { units: number; from: number }[] = [];
  for (const row of rows) {
    if (row.id === except) continue;
    if (row.status !== 'received') {
      const promised = row.promised_at === null ? now : time(row.promised_at);
      cooking.push({ units: row.quantity, minutes_left: (promised - now) / MINUTE });
      continue;
    }
    const fires = row.fire_at === null ? 0 : time(row.fire_at);
    if (fires <= horizon) waiting.push({ units: row.quantity, from: fires });
  }
  waiting.sort((a, b) => a.from - b.from);
  return { cooking, waiting: waiting.map((w) => w.units) };
}

/** The statuses whose orders are the kitchen's open work. */
export const OPEN_WORK_STATUSES = ['received', 'accepted', 'preparing'] as const;

/** Minutes from `at` until an order of `units` would be ready at this branch, rush excluded. */
export function queueMinutes(
  rows: readonly OpenWorkRow[],
  branch: { prep_minutes: number },
  at: Date,
  units?: number,
  except?: number,
): number {
  const work = openWorkOf(rows, at, branch.prep_minutes, except);
  return promiseMinutes(work, { prep_minutes: branch.prep_minutes, rush_minutes: 0 }, units);
}
