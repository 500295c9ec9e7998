// The few places where bench:insights' set-based SQL differs between SQLite and PostgreSQL.

/** SQL fragments for one database; every number fed to them is non-negative. */
export function sqlFor(postgres) {
  return postgres
    ? {
        /** A uniform number in [0, 1), drawn anew at each evaluation. */
        random: 'random()',
        floor: (x) => `floor(${x})::bigint`,
        /** Epoch milliseconds (whole seconds) as the column's timestamp. */
        at: (ms) => `to_timestamp((${ms}) / 1000.0)`,
        text: (x) => `(${x})::text`,
        /** `with seq(n)`: 1 … count, to start an insert's select with. */
        seq: (count) => `with seq(n) as (select generate_series(1, ${count}))`,
        param: (i, type) => (type ? `$${i}::${type}` : `$${i}`),
        greatest: 'greatest',
      }
    : {
        random: '(abs(random()) / 9223372036854775808.0)',
        floor: (x) => `cast(${x} as integer)`,
        at: (ms) => `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000, 'unixepoch')`,
        text: (x) => `cast(${x} as text)`,
        seq: (count) =>
          `with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${count})`,
        param: () => '?',
        greatest: 'max',
      };
}

/**
 * One connection of the bench's own to its database, as `run(sql, values) → rows`: better-sqlite3
 * (bulk-load pragmas: this is a throwaway file) or a pg client. `close` ends it.
 */
export async function rawConnection(postgres, url) {
  if (postgres) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // Rows consistent by construction: the bulk load skips the foreign keys' per-row triggers.
    await client.query('set session_replication_role = replica');
    return {
      run: async (text, values) => (await client.query(text, values)).rows,
      close: () => client.end(),
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(url);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -400000');
  // Rows consistent by construction: the bulk load skips the per-row foreign-key searches.
  db.pragma('foreign_keys = OFF');
  return {
    run: async (text, values = []) => {
      const statement = db.prepare(text);
      return statement.reader ? statement.all(...values) : (statement.run(...values), []);
    },
    close: async () => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

/**
 * Runs `load` with the plain indexes of `tables` dropped, then builds them again: one sort per
 * index instead of a random B-tree insertion per row (those of unique constraints stay).
 */
export async function withoutIndexes(run, postgres, tables, load) {
  const list = tables.map((t) => `'${t}'`).join(', ');
  const indexes = postgres
    ? await run(`select indexname as name, indexdef as sql from pg_indexes
        where schemaname = current_schema() and tablename in (${list})
        and indexname not in (select conname from pg_constraint)`)
    : await run(`select name, sql from sqlite_master
        where type = 'index' and tbl_name in (${list}) and sql is not null`);
  for (const { name } of indexes) await run(`drop index ${name}`);
  await load();
  for (const { sql } of indexes) await run(sql);
}
