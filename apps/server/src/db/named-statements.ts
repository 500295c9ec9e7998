/**
 * Statements PostgreSQL parses and plans once per connection instead of once per run: the group
 * commit's multi-row INSERTs (decision 054). Sent without a name, a 500-row INSERT of 23 columns
 * is parsed, analysed and planned again on every batch, which cost PostgreSQL more CPU per order
 * than writing the rows.
 *
 * A named statement stays prepared on every connection that ran it until that connection ends,
 * so the texts are bounded: the first MAX_NAMED_STATEMENTS shapes (table and row count) seen by
 * the process are named and any later one runs unnamed, as before. A name is never reused for
 * another text, which node-postgres would refuse on a connection that prepared the first.
 */
export const MAX_NAMED_STATEMENTS = 256;

const names = new Map<string, string>();

/** Asks for `text` to be prepared once per connection; a no-op once the bound is reached. */
export function nameStatement(text: string): void {
  if (names.size >= MAX_NAMED_STATEMENTS || names.has(text)) return;
  names.set(text, `comanda_${names.size + 1}`);
}

/** The name `text` runs under, or undefined for a statement planned on every run. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}
