// Copies every row of an SQLite database into a PostgreSQL database that the server has already
// migrated to the same schema, so a bench can build its big data set once, fast, in SQLite and
// measure the server on either database with the very same rows.
import Database from 'better-sqlite3';
import pg from 'pg';

/** PostgreSQL's limit is 65,535 parameters per statement; well below it. */
const PARAMETERS_PER_STATEMENT = 30_000;

const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables both databases have, emptied on PostgreSQL and filled with SQLite's rows, in one
 * transaction with foreign keys unchecked (the rows were consistent in SQLite); every serial id
 * then continues after the largest copied. Answers the rows copied.
 */
export async function copySqliteToPostgres(file, url) {
  const sqlite = new Database(file, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let copied = 0;
  try {
    const columnsOn = async (table) =>
      new Set(
        (
          await client.query(
            'select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1',
            [table],
          )
        ).rows.map((row) => row.column_name),
      );
    const { rows } = await client.query(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    );
    const postgresTables = new Set(rows.map((row) => row.table_name));
    const tables = sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
      )
      .all()
      .map((row) => row.name)
      .filter((name) => postgresTables.has(name));

    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(`truncate ${tables.map(quoted).join(', ')}`);
    for (const table of tables) {
      const target = await columnsOn(table);
      const columns = sqlite
        .prepare('select name from pragma_table_info(?)')
        .all(table)
        .map((row) => row.name)
        .filter((name) => target.has(name));
      const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns.length));
      let batch = [];
      const flush = async () => {
        if (batch.length === 0) return;
        let n = 0;
        const values = batch.map((row) => `(${row.map(() => `$${++n}`).join(', ')})`).join(', ');
        await client.query(
          `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${values}`,
          batch.flat(),
        );
        copied += batch.length;
        batch = [];
      };
      const read = sqlite.prepare(`select ${columns.map(quoted).join(', ')} from ${quoted(table)}`);
      for (const row of read.raw().iterate()) {
        batch.push(row);
        if (batch.length === perStatement) await flush();
      }
      await flush();
      const sequence = target.has('id')
        ? (await client.query("select pg_get_serial_sequence($1, 'id') as name", [table])).rows[0]
            ?.name
        : null;
      if (sequence)
        await client.query(
          `select setval($1, coalesce((select max(id) from ${quoted(table)}), 0) + 1, false)`,
          [sequence],
        );
    }
    await client.query('commit');
    await client.query('analyze');
    return copied;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
    sqlite.close();
  }
}
