import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../src/db/dialect';
import { instantFromPostgres } from '../../src/db/postgres-instants';
import { createEmptyDatabase, testDialect, type TestDatabase } from '../helpers/database';

// The texts PostgreSQL prints for a timestamptz (DateStyle ISO), and the ISO text the API shows.
describe('instantFromPostgres', () => {
  it('rearranges UTC text, cutting the fraction to milliseconds as Date does', () => {
    expect(instantFromPostgres('2025-12-06 17:04:05.123456+00')).toBe('2025-12-06T17:04:05.123Z');
    expect(instantFromPostgres('2025-12-06 17:04:05.999999+00')).toBe('2025-12-06T17:04:05.999Z');
    expect(instantFromPostgres('2025-12-06 17:04:05.5+00')).toBe('2025-12-06T17:04:05.500Z');
    expect(instantFromPostgres('2025-12-06 17:04:05.04+00')).toBe('2025-12-06T17:04:05.040Z');
    expect(instantFromPostgres('2025-12-06 17:04:05+00')).toBe('2025-12-06T17:04:05.000Z');
  });

  it('reads another zone through Date, to the same instant in UTC', () => {
    expect(instantFromPostgres('2025-12-06 12:04:05.123-05')).toBe('2025-12-06T17:04:05.123Z');
    expect(instantFromPostgres('2025-12-06 22:34:05+05:30')).toBe('2025-12-06T17:04:05.000Z');
    expect(instantFromPostgres('2025-12-31 20:00:00-05')).toBe('2026-01-01T01:00:00.000Z');
  });

  it('leaves what is no instant as the driver reads it', () => {
    expect(instantFromPostgres('infinity')).toBe(Infinity);
    expect(instantFromPostgres('-infinity')).toBe(-Infinity);
  });

  it('answers every instant of a day as toISOString does', () => {
    const start = Date.UTC(2026, 2, 1);
    for (let ms = start; ms < start + 86_400_000; ms += 997_331) {
      const iso = new Date(ms).toISOString();
      const text = `${iso.slice(0, 10)} ${iso.slice(11, 23)}781+00`;
      expect(instantFromPostgres(text)).toBe(iso);
    }
  });
});

// Either database hands the code an instant as the ISO text it was written as (decision 112).
describe('an instant read back', () => {
  let target: TestDatabase;
  let handle: DatabaseHandle;
  const written = [
    '2026-12-06T17:04:05.123Z',
    '2025-01-01T00:00:00.000Z',
    '2026-06-30T23:59:59.999Z',
  ];

  beforeAll(async () => {
    target = await createEmptyDatabase();
    handle = connect({ url: target.url, ...(target.schema ? { schema: target.schema } : {}) });
    const type = handle.dialect === 'postgres' ? sql`timestamptz` : sql`text`;
    await sql`create table instants (id integer primary key, at ${type} not null)`.execute(
      handle.db,
    );
    for (const [id, at] of written.entries())
      await sql`insert into instants (id, at) values (${id}, ${at})`.execute(handle.db);
  });

  afterAll(async () => {
    await handle.db.destroy();
    await target.drop();
  });

  const readAll = async () =>
    (await sql<{ at: unknown }>`select at from instants order by id`.execute(handle.db)).rows.map(
      (row) => row.at,
    );

  it('is the ISO text it was written as, on PostgreSQL in a session of any zone', async () => {
    expect(await readAll()).toEqual(written);
    if (testDialect !== 'postgres') return;
    await handle.db.connection().execute(async (db) => {
      await sql`set time zone 'America/Bogota'`.execute(db);
      const rows = (await sql<{ at: unknown }>`select at from instants order by id`.execute(db))
        .rows;
      await sql`set time zone 'UTC'`.execute(db);
      expect(rows.map((row) => row.at)).toEqual(written);
    });
  });
});
