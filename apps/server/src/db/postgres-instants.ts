import pg from 'pg';

/**
 * PostgreSQL's `timestamptz` read as the ISO text SQLite's instants already are (decision 112).
 * The driver's default parses each into a `Date` (a regular expression and several number
 * parses, about a microsecond), and every answer formats it back into the same text: Día's list
 * of a busy day reads five instants an order, 2,500 trips through `Date` a request.
 */

/** The driver's own parser, taken before ours replaces it: for what the fast path leaves. */
const asDate = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text');

/** "2025-12-06 17:04:05" then an optional fraction, in UTC ("+00"): the session's usual text. */
const UTC_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.(\d{1,6}))?\+00$/;

/**
 * "2025-12-06 17:04:05.123456+00" → "2025-12-06T17:04:05.123Z". The session's zone decides the
 * offset PostgreSQL prints; in UTC the text is rearranged, anything else (another zone, BC,
 * infinity) goes through the driver's `Date` and back to the same ISO text. Fractions are cut
 * to milliseconds, as `Date` cuts them.
 */
export function instantFromPostgres(text: string): unknown {
  const utc = UTC_TEXT.exec(text);
  if (utc) return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${utc[1] ?? ''}000`.slice(0, 3)}Z`;
  const parsed = asDate(text);
  return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : parsed;
}
