import type { BranchesReport } from '@comanda/shared';

/** The league table's columns, in order, and how each sorts first (names A→Z, figures high→low). */
export const LEAGUE_COLUMNS = [
  { key: 'name', header: 'Sede', first: 'ascending' },
  { key: 'sales', header: 'Ventas', first: 'descending' },
  { key: 'orders', header: 'Pedidos', first: 'descending' },
  { key: 'average_ticket', header: 'Ticket promedio', first: 'descending' },
  { key: 'promise_kept_pct', header: 'Promesa cumplida', first: 'descending' },
  { key: 'rejected', header: 'Rechazos', first: 'descending' },
] as const;

export type LeagueRow = BranchesReport['rows'][number];
export type LeagueKey = (typeof LEAGUE_COLUMNS)[number]['key'];
export type SortDirection = 'ascending' | 'descending';
export interface LeagueSort {
  key: LeagueKey;
  direction: SortDirection;
}

/** As the server sends it: largest sales first. */
export const DEFAULT_SORT: LeagueSort = { key: 'sales', direction: 'descending' };

/** Clicking a header: the same column turns round, another starts its own natural way. */
export function nextSort(current: LeagueSort, key: LeagueKey): LeagueSort {
  if (current.key === key)
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  const column = LEAGUE_COLUMNS.find((candidate) => candidate.key === key)!;
  return { key, direction: column.first };
}

const names = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * The rows in the chosen order; a branch with no measured promise (null) goes last either way,
 * and ties keep the branches' names in order.
 */
export function sortLeague(rows: readonly LeagueRow[], sort: LeagueSort): LeagueRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.key === 'name') return sign * names.compare(a.name, b.name);
    const left = a[sort.key];
    const right = b[sort.key];
    if (left === null || right === null) {
      if (left === right) return names.compare(a.name, b.name);
      return left === null ? 1 : -1;
    }
    return sign * (left - right) || names.compare(a.name, b.name);
  });
}
