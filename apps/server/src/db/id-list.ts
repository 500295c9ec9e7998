import type { Expression, ExpressionBuilder } from 'kysely';
import type { DialectName } from './dialect';

/**
 * `column` is one of `ids`: for reads of many rows by a list of ids (a staff list's orders, their
 * lines and their steps, up to 500). On PostgreSQL the ids go in as one array, `= any($1)`: an
 * `in ($1, …, $500)` list is parsed and planned with a parameter per id, which took longer than
 * running the read (decision 054). SQLite has no arrays; there it stays `in (?, …)`.
 */
export function idIn(dialect: DialectName) {
  return <DB, TB extends keyof DB>(
    eb: ExpressionBuilder<DB, TB>,
    column: Expression<number>,
    ids: readonly number[],
  ) => (dialect === 'postgres' ? eb(column, '=', eb.fn.any(eb.val(ids))) : eb(column, 'in', ids));
}
