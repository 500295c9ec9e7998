// A branch's own row, read with its hours, exceptions and zones: plain functions of the
// executor (the app's database, or a change's transaction), decision 065.
import type { DbExecutor } from '../../db/types';
import type { BranchFields } from './types';

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
  'staff_sets_capacity',
] as const;

/** Branches (hidden ones too), or those of `ids`, with every hour range, exception and zone. */
export async function loadBranches(executor: DbExecutor, ids?: number[]) {
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

/** One branch with its hours, exceptions and zones; inside a change, read with its transaction. */
export const loadBranch = async (executor: DbExecutor, id: number) =>
  (await loadBranches(executor, [id]))[0];

/** A branch with its hours, exceptions and zones, as the back office reads it. */
export type BranchRow = NonNullable<Awaited<ReturnType<typeof loadBranch>>>;

/** The branch slugs equal to `base` or `base-…`, to pick the next free suffix. */
export const slugsLike = async (executor: DbExecutor, base: string) =>
  (
    await executor
      .selectFrom('branches')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute()
  ).map((row) => row.slug);

/** A new branch, last in the list; answers its id, or null when its slug is taken (nothing inserted). */
export async function insertBranch(
  trx: DbExecutor,
  slug: string,
  fields: BranchFields,
): Promise<number | null> {
  const last = await trx
    .selectFrom('branches')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  const position = Number(last?.position ?? -1) + 1;
  const row = await trx
    .insertInto('branches')
    .values({ slug, ...fields, position })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setBranchFields(
  trx: DbExecutor,
  id: number,
  fields: Partial<BranchFields> & { active?: number },
) {
  await trx.updateTable('branches').set(fields).where('id', '=', id).execute();
}
