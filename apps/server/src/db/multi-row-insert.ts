import { CompiledQuery, type Kysely } from 'kysely';
import type { DialectName } from './dialect';

/** Statement texts kept per shape: a few tables, at every batch size seen. */
const MAX_TEXTS = 2000;

/**
 * Multi-row INSERTs written as text with the dialect's placeholders, for statements of many
 * rows at once (the group commit's batches, decision 025). Kysely's builder makes objects for
 * every value and compiles the whole tree for every batch, which cost more CPU than running the
 * statement; here the text is made once per shape (table, columns, row count, suffix) and the
 * values go in as one flat array, row after row in `columns` order.
 */
export function multiRowInsert(dialect: DialectName) {
  const texts = new Map<string, string>();

  function text(table: string, columns: readonly string[], rows: number, suffix: string): string {
    const key = `${table}|${columns.join(',')}|${rows}|${suffix}`;
    let found = texts.get(key);
    if (found === undefined) {
      let n = 0;
      const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
      const row = () => `(${columns.map(placeholder).join(', ')})`;
      found = `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows }, row).join(', ')}${suffix ? ` ${suffix}` : ''}`;
      if (texts.size >= MAX_TEXTS) texts.clear();
      texts.set(key, found);
    }
    return found;
  }

  /** Inserts `values.length / columns.length` rows; answers what `suffix` (a RETURNING clause) returns. */
  return async function insert<Row>(
    executor: Pick<Kysely<never>, 'executeQuery'>,
    table: string,
    columns: readonly string[],
    values: unknown[],
    suffix = '',
  ): Promise<Row[]> {
    const rows = values.length / columns.length;
    if (rows === 0) return [];
    const result = await executor.executeQuery<Row>(
      CompiledQuery.raw(text(table, columns, rows, suffix), values),
    );
    return [...result.rows];
  };
}
