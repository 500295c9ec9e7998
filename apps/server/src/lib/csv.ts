/**
 * CSV for spreadsheets (Excel first: the back office's records are opened there). RFC 4180
 * quoting, CRLF line ends, and a byte-order mark so Excel reads UTF-8 (ñ, tildes) as such.
 *
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, or a tab or carriage
 * return that some programs skip first) gets a leading apostrophe: a customer who writes
 * `=HYPERLINK(...)` as their name must not get a live formula on the admin's screen.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n;]/;

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header row, one row per record. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** `attachment; filename=…` with an ASCII name and its UTF-8 form (RFC 6266). */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
