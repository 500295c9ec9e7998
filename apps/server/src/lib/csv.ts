/**
 * CSV for spreadsheets (Excel first: the back office's records are opened there). RFC 4180
 * quoting, CRLF line ends, and a byte-order mark so Excel reads UTF-8 (ñ, tildes) as such.
 *
 * Formulas (OWASP's CSV injection guidance): a spreadsheet runs a field that starts with `=`,
 * `+`, `-` or `@` (or a tab or carriage return some programs skip first), so a customer who
 * writes `=HYPERLINK(...)` as their name must not get a live formula on the admin's screen.
 * Where a field starts depends on who reads the file, not only on our quoting: Excel set to
 * Spanish (Colombia) splits lines at `;`, its list separator, and ignores the quotes of a cell
 * that does not start at one, so `Ana;=HYPERLINK(...)` inside one quoted cell becomes two
 * fields there, the second a live formula; a line break inside such a cell starts a new row.
 * So every place a field could start is checked: the cell's start, and right after each `,`,
 * `;`, tab or line break inside it (spaces and double quotes before the trigger are skipped, as
 * some readers skip them). Where a trigger follows, an apostrophe is put right there, which
 * spreadsheets read as "this field is text", and the cell is quoted.
 *
 * Numbers: a field that is only a number (`-5`, `+57`, `-1,5`) is left alone, since no formula
 * can hide in it (Excel shows it as that number, so a lone `+57` reads 57). Anything more after
 * the sign is text: a phone written `+57 300 123 4567` or a note `-5 de sal` gets the apostrophe
 * (Excel would otherwise try it as a formula and show an error) and reads as typed.
 */
const TRIGGER = /^(?:[^\S\t\r\n]|")*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^(?:[^\S\t\r\n]|")*[+-]?\d+(?:[.,]\d+)?(?:[^\S\t\r\n]|")*$/;
/**
 * The readers a break starts a field for, each as where its field ends: one splitting at `,`,
 * one at `;` (Excel in Spanish), one at tabs; a line break starts a field for all three.
 */
const BY_COMMA = /[,\r\n]/;
const BY_SEMICOLON = /[;\r\n]/;
const BY_TAB = /[\t\r\n]/;
const FIELD_ENDS: Record<string, RegExp[]> = {
  ',': [BY_COMMA],
  ';': [BY_SEMICOLON],
  '\t': [BY_TAB],
  '\r': [BY_COMMA, BY_SEMICOLON, BY_TAB],
  '\n': [BY_COMMA, BY_SEMICOLON, BY_TAB],
};
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** The text with an apostrophe at every field start a spreadsheet could run as a formula. */
export function defuseFormulas(text: string): string {
  let out = TRIGGER.test(text) && !PLAIN_NUMBER.test(text) ? "'" : '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    out += char;
    const ends = FIELD_ENDS[char];
    if (!ends) continue;
    const rest = text.slice(i + 1);
    if (!TRIGGER.test(rest)) continue;
    // A number alone is no formula, for every reader that starts a field here.
    if (!ends.every((end) => PLAIN_NUMBER.test(rest.split(end, 1)[0] as string))) out += "'";
  }
  return out;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  const raw = value === null || value === undefined ? '' : String(value);
  // Numbers come from the database, never from a person: only text can carry a formula.
  const text = typeof value === 'string' ? defuseFormulas(raw) : raw;
  return text !== raw || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header row, one row per record. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** `attachment; filename=…` with an ASCII name and its UTF-8 form (RFC 6266). */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Reads a CSV file back (the menu's import): RFC 4180 quoting, any line end, the BOM dropped.
 * The separator is the header's: `,` as written by toCsv, or `;` when Excel set to Spanish saved
 * it again (its list separator). Returns the records as written, cells untrimmed.
 */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const separator = separatorOf(body);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i] as string;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      record.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

/** `;` when the first line (outside quotes) has more of them than commas. */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}
