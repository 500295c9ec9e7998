import type { Compilable, Expression, ExpressionBuilder, Kysely } from 'kysely';
import type { DialectName } from './dialect';
import { nameStatement } from './named-statements';

/**
 * Reads of many rows by a list of ids (a staff list's orders, their lines and steps), written so
 * that the statement's text does not depend on how many ids there are (decision 054). On
 * PostgreSQL the ids go in as one array (`= any($1)`) and the statement is prepared once per
 * connection: an `in ($1, …, $500)` list was parsed and planned again for every list, which
 * cost more than running it. On SQLite it stays `in (?, …)`: nothing is planned per run there
 * that better-sqlite3's statement cache does not already keep.
 */
export function idListReads<DB>(db: Kysely<DB>, dialect: DialectName) {
  const postgres = dialect === 'postgres';
  return {
    /** `column` is one of `ids`. */
    oneOf<DBx, TB extends keyof DBx>(
      eb: ExpressionBuilder<DBx, TB>,
      column: Expression<number>,
      ids: readonly number[],
    ) {
      return postgres ? eb(column, '=', eb.fn.any(eb.val(ids))) : eb(column, 'in', ids);
    },

    /** Runs `query`, prepared once per connection on PostgreSQL. */
    async rows<R>(query: Compilable<R>): Promise<R[]> {
      const compiled = query.compile();
      if (postgres) nameStatement(compiled.sql);
      return [...(await db.executeQuery(compiled)).rows];
    },
  };
}
