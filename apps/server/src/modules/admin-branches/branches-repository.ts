import type { Kysely } from 'kysely';
import type { Database, DbExecutor } from '../../db/types';

/** The columns of a branch the back office edits (besides hours, exceptions and zones). */
export interface BranchFields {
  title: string;
  address: string;
  phone: string;
  city: string;
  pickup_available: number;
  delivery_available: number;
  prep_minutes: number;
}

const branchColumns = [
  'id',
  'slug',
  'title',
  'address',
  'phone',
  'city',
  'pickup_available',
  'delivery_available',
  'prep_minutes',
  'active',
  'position',
  'version',
  'orders_per_slot',
  'units_per_slot',
] as const;

/** A branch's own row, read with its hours, exceptions and zones. Writes take the change's transaction. */
export function createBranchesRepository(db: Kysely<Database>) {
  /** Branches (hidden ones too) with every hour range, exception and zone. */
  async function load(executor: DbExecutor, ids?: number[]) {
    let query = executor.selectFrom('branches').select(branchColumns);
    if (ids) query = query.where('id', 'in', ids);
    const branches = await query.orderBy('position').orderBy('id').execute();
    if (branches.length === 0) return [];
    const branchIds = branches.map((b) => b.id);
    const [hours, exceptions, zones] = await Promise.all([
      executor
        .selectFrom('branch_hours')
        .select(['branch_id', 'weekday', 'opens', 'closes'])
        .where('branch_id', 'in', branchIds)
        .orderBy('weekday')
        .orderBy('opens')
        .execute(),
      executor
        .selectFrom('branch_exceptions')
        .select(['branch_id', 'date', 'closed', 'ranges'])
        .where('branch_id', 'in', branchIds)
        .orderBy('date')
        .execute(),
      executor
        .selectFrom('branch_delivery_zones')
        .select(['branch_id', 'neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
        .where('branch_id', 'in', branchIds)
        .orderBy('neighbourhood')
        .execute(),
    ]);
    return branches.map((branch) => ({
      ...branch,
      hours: hours.filter((h) => h.branch_id === branch.id),
      exceptions: exceptions.filter((e) => e.branch_id === branch.id),
      zones: zones.filter((z) => z.branch_id === branch.id),
    }));
  }

  return {
    list: (executor: DbExecutor = db) => load(executor),
    /** One branch with its hours, exceptions and zones; inside a change, read with its transaction. */
    find: async (id: number, executor: DbExecutor = db) => (await load(executor, [id]))[0],

    slugTaken: async (slug: string, executor: DbExecutor = db) =>
      (await executor
        .selectFrom('branches')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirst()) !== undefined,

    async insert(trx: DbExecutor, slug: string, fields: BranchFields): Promise<number> {
      const last = await trx
        .selectFrom('branches')
        .select((eb) => eb.fn.max('position').as('position'))
        .executeTakeFirst();
      const position = Number(last?.position ?? -1) + 1;
      const row = await trx
        .insertInto('branches')
        .values({ slug, ...fields, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(trx: DbExecutor, id: number, fields: Partial<BranchFields> & { active?: number }) {
      await trx.updateTable('branches').set(fields).where('id', '=', id).execute();
    },
  };
}
