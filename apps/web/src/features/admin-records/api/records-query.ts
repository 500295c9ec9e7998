import type { RecordsQuery } from '@comanda/shared';

/** The filters as a query string ("" when none), for the lists and their CSV files alike. */
export function recordsSearch(filters: RecordsQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(name, String(value));
  const query = params.toString();
  return query ? `?${query}` : '';
}
