import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../src/db/dialect';
import { idListReads } from '../../src/db/id-list';
import { multiRowInsert } from '../../src/db/multi-row-insert';
import { MAX_NAMED_STATEMENTS, nameStatement, statementName } from '../../src/db/named-statements';
import { createEmptyDatabase, testDialect, type TestDatabase } from '../helpers/database';

describe('the group commit’s multi-row INSERTs', () => {
  let target: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    target = await createEmptyDatabase();
    // One connection: what it has prepared is what pg_prepared_statements shows.
    handle = connect({
      url: target.url,
      poolSize: 1,
      ...(target.schema ? { schema: target.schema } : {}),
    });
    await sql`create table named_rows (id integer primary key, label text not null)`.execute(
      handle.db,
    );
  });

  afterAll(async () => {
    await handle.db.destroy();
    await target.drop();
  });

  it('write every row of each batch, and on PostgreSQL are planned once per connection, not once per batch', async () => {
    const insert = multiRowInsert(handle.dialect);
    const write = (ids: number[]) =>
      insert<{ id: number }>(
        handle.db,
        'named_rows',
        ['id', 'label'],
        ids.flatMap((id) => [id, `fila ${id}`]),
        'returning id',
      );
    expect(await write([1, 2, 3])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(await write([4, 5, 6])).toEqual([{ id: 4 }, { id: 5 }, { id: 6 }]);
    expect(await write([7])).toEqual([{ id: 7 }]);
    const stored = await handle.db
      .selectFrom('named_rows' as never)
      .select(sql<string>`label`.as('label'))
      .orderBy(sql`id`)
      .execute();
    expect(stored.map((row) => row.label)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `fila ${n}`));
    if (testDialect !== 'postgres') return;

    const prepared = await sql<{ name: string; statement: string; runs: number }>`
      select name, statement, (generic_plans + custom_plans)::int as runs
      from pg_prepared_statements where statement like 'insert into named_rows%'
      order by runs desc`.execute(handle.db);
    // The three-row shape was parsed once and ran twice; the one-row shape is a text of its own.
    expect(prepared.rows.map((row) => row.runs)).toEqual([2, 1]);
    for (const row of prepared.rows) expect(statementName(row.statement)).toBe(row.name);
  });

  it('read rows by a list of ids with one statement whatever the list’s length, prepared once on PostgreSQL', async () => {
    const byIds = idListReads(handle.db, handle.dialect);
    const read = (ids: number[]) =>
      byIds.rows(
        handle.db
          .selectFrom('named_rows' as never)
          .select(sql<number>`id`.as('id'))
          .where((eb) => byIds.oneOf(eb, sql<number>`id`, ids))
          .orderBy(sql`id`),
      );
    expect((await read([2, 5])).map((row) => row.id)).toEqual([2, 5]);
    expect((await read([7, 1, 3, 99])).map((row) => row.id)).toEqual([1, 3, 7]);
    if (testDialect !== 'postgres') return;

    const prepared = await sql<{ name: string; statement: string; runs: number }>`
      select name, statement, (generic_plans + custom_plans)::int as runs
      from pg_prepared_statements where statement like 'select %named_rows%'`.execute(handle.db);
    expect(prepared.rows.map((row) => row.runs)).toEqual([2]);
    expect(statementName(prepared.rows[0]!.statement)).toBe(prepared.rows[0]!.name);
  });
});

describe('the named statements', () => {
  it('are bounded: once MAX_NAMED_STATEMENTS texts have names, a new text runs unnamed, and no name changes or repeats', () => {
    const texts = Array.from(
      { length: MAX_NAMED_STATEMENTS + 10 },
      (_, i) => `insert into bounded (n) values (${i})`,
    );
    for (const text of texts) nameStatement(text);
    const first = statementName(texts[0]!);
    expect(first).toMatch(/^comanda_\d+$/);
    for (const text of texts) nameStatement(text);
    expect(statementName(texts[0]!)).toBe(first);

    const names = texts.map(statementName).filter((name) => name !== undefined);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
    expect(new Set(names).size).toBe(names.length);
    expect(statementName(texts.at(-1)!)).toBeUndefined();
    expect(statementName('insert into never_seen (n) values (1)')).toBeUndefined();
  });
});
