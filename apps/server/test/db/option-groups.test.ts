import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/dialect';
import { visibleOptionGroups } from '../../src/db/option-groups';
import { openTestDatabase, type TestDatabase } from '../helpers/database';

/** Groups enough that a large category's options are read in more than one slice. */
const EXTRA_GROUPS = 450;

describe("a large category's option groups", () => {
  let handle: DatabaseHandle;
  let target: TestDatabase;
  let productIds: number[];

  beforeAll(async () => {
    ({ handle, target } = await openTestDatabase());
    productIds = (await handle.db.selectFrom('products').select('id').execute()).map((p) => p.id);
    const modifier = await handle.db
      .insertInto('modifiers')
      .values({ title: 'Extra' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Options in reverse position order, and every third one removed in the back office.
    for (let g = 0; g < EXTRA_GROUPS; g++) {
      const group = await handle.db
        .insertInto('modifier_groups')
        .values({
          product_id: productIds[g % productIds.length]!,
          title: `Grupo ${g}`,
          required: 0,
          type_input: 2,
          position: 100 + g,
          min_choices: null,
          max_choices: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db
        .insertInto('modifier_options')
        .values(
          [0, 1, 2].map((o) => ({
            group_id: group.id,
            modifier_id: modifier.id,
            title: `Opción ${g}.${o}`,
            price: o * 100,
            position: 3 - o,
            active: o === 1 && g % 3 === 0 ? 0 : 1,
          })),
        )
        .execute();
    }
  });

  afterAll(async () => {
    await handle.db.destroy();
    await target.drop();
  });

  /** The visible options of each group, in menu order, as one statement reads them. */
  async function expectedOptions(groupIds: number[]) {
    const rows = await handle.db
      .selectFrom('modifier_options')
      .select(['id', 'group_id'])
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const wanted = new Set(groupIds);
    return byGroup(rows.filter((row) => wanted.has(row.group_id)));
  }

  const byGroup = (rows: { id: number; group_id: number }[]) => {
    const groups = new Map<number, number[]>();
    for (const row of rows) groups.set(row.group_id, [...(groups.get(row.group_id) ?? []), row.id]);
    return groups;
  };

  it('reads every visible option of every group, each group in menu order', async () => {
    const { groups, options } = await visibleOptionGroups(handle.db, productIds);
    expect(groups.length).toBeGreaterThan(EXTRA_GROUPS);
    const expected = await expectedOptions(groups.map((g) => g.id));
    expect(byGroup(options)).toEqual(expected);
    expect(options.length).toBe([...expected.values()].flat().length);
  });

  it('serves the event loop between the slices of a long read', async () => {
    // On SQLite the reads are synchronous: without the slices nothing else would run until the
    // last option was read.
    let served = false;
    setImmediate(() => (served = true));
    const read = visibleOptionGroups(handle.db, productIds).then((found) => ({
      groups: found.groups.length,
      served,
    }));
    expect(await read).toEqual({ groups: expect.any(Number), served: true });
  });
});
