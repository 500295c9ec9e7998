/**
 * Whether a database error is a unique-constraint violation: SQLite's SQLITE_CONSTRAINT_UNIQUE
 * or SQLITE_CONSTRAINT_PRIMARYKEY, PostgreSQL's 23505. Repositories turn it into an answer
 * ("already taken") so two requests racing for the same row never become a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}
