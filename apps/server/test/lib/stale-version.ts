import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/dialect';

/** What an injected request answers, as far as these checks read it. */
interface Response {
  statusCode: number;
  body: string;
  json: () => unknown;
}

/** One entity the back office writes, as the stale-version checks drive it. */
export interface VersionedEntity {
  /** The entity as its admin GET answers it. */
  read: () => Promise<{ version: number }>;
  /** Saves it claiming to have read `version`; `round` makes the two saves differ. */
  save: (version: number, round: 'first' | 'stale') => Promise<Response>;
  /** The current copy a 409 carries, from what `read` answered (itself by default). */
  copy?: (read: { version: number }) => unknown;
}

const auditRows = async (database: DatabaseHandle) =>
  Number(
    (
      await database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Two editors read the same version; the first saves, the second is refused: 409 with the
 * entity as it is now (what its GET answers), nothing of the second save kept, no audit row.
 */
export async function expectStaleSaveRefused(
  database: DatabaseHandle,
  entity: VersionedEntity,
): Promise<void> {
  const read = await entity.read();
  const first = await entity.save(read.version, 'first');
  expect(first.statusCode, first.body).toBeLessThan(300);
  const saved = await entity.read();
  expect(saved.version).toBe(read.version + 1);

  const rows = await auditRows(database);
  const stale = await entity.save(read.version, 'stale');
  expect(stale.statusCode, stale.body).toBe(409);
  const now = await entity.read();
  expect(now).toEqual(saved);
  expect(stale.json()).toEqual({
    message: expect.stringMatching(/no se guardó nada/) as unknown,
    current: entity.copy ? entity.copy(now) : now,
  });
  expect(await auditRows(database)).toBe(rows);
}
