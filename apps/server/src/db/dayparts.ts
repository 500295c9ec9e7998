import type { Daypart } from '@comanda/shared';

/**
 * The `dayparts` column of categories and products (migration 023): the windows as JSON, written
 * only from a body the shared schema validated. A value that does not read as a list (never
 * written by this code) counts as none, so a damaged row is offered rather than breaking the menu.
 */
export function readDayparts(stored: string | null | undefined): Daypart[] {
  if (!stored || stored === '[]') return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? (value as Daypart[]) : [];
  } catch {
    return [];
  }
}

export const storeDayparts = (dayparts: readonly Daypart[]): string =>
  JSON.stringify(
    dayparts.map(({ days, from, to }) => ({ days: [...days].sort((a, b) => a - b), from, to })),
  );
