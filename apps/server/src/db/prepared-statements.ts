/**
 * The statements PostgreSQL parses and plans once per connection instead of once per run
 * (decision 105): each is sent as a named prepared statement, which node-postgres prepares on a
 * connection the first time that connection runs it. Only statements marked here: Kysely's
 * other statements vary with their lists' lengths, and a connection keeps every statement it
 * was asked to prepare for as long as it lives.
 */
const names = new Map<string, string>();

/**
 * Marks a statement (its exact text, run with parameters) as one to prepare, and answers the
 * text unchanged. Called once per statement, when its module is loaded.
 */
export function preparedOnPostgres(sql: string): string {
  if (!names.has(sql)) names.set(sql, `comanda_${names.size + 1}`);
  return sql;
}

/** The name a marked statement is prepared under on each connection; none for any other. */
export const preparedName = (sql: string): string | undefined => names.get(sql);
