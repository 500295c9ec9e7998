import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../src/db/dialect';
import { idIn } from '../../src/db/id-list';
import { createEmptyDatabase, testDialect, type TestDatabase } from '../helpers/database';

describe('reads by a list of ids', () => {
  let target: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    target = await createEmptyDatabase();
    handle = connect({ url: target.url, ...(target.schema ? { schema: target.schema } : {}) });
    await sql`create table listed_rows (id integer primary key)`.execute(handle.db);
    await sql`insert into listed_rows (id) values (1), (2), (3), (5), (7)`.execute(handle.db);
  });

  afterAll(async () => {
    await handle.db.destroy();
    await target.drop();
  });

  const query = (ids: number[]) => {
    const oneOf = idIn(handle.dialect);
    return handle.db
      .selectFrom('listed_rows' as never)
      .select(sql<number>`id`.as('id'))
      .where((eb) => oneOf(eb, sql<number>`id`, ids))
      .orderBy(sql`id`);
  };

  it('answer exactly the rows whose id is listed, however long the list', async () => {
    expect((await query([2, 5]).execute()).map((row) => row.id)).toEqual([2, 5]);
    expect((await query([7, 1, 3, 99]).execute()).map((row) => row.id)).toEqual([1, 3, 7]);
    const many = Array.from({ length: 500 }, (_, i) => i + 3);
    expect((await query(many).execute()).map((row) => row.id)).toEqual([3, 5, 7]);
  });

  it('on PostgreSQL send the ids as one array, so the text is the same for any length', () => {
    const two = query([2, 5]).compile();
    const five = query([1, 2, 3, 4, 5]).compile();
    if (testDialect === 'postgres') {
      expect(two.sql).toBe(five.sql);
      expect(two.parameters).toEqual([[2, 5]]);
    } else {
      expect(five.parameters).toEqual([1, 2, 3, 4, 5]);
    }
  });
});
