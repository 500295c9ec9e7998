// A product's option groups and their options. Never deleted: a removed one is hidden, because
// carts and orders name it. Plain functions of the change's transaction (decision 065).
import type { DbExecutor, ModifierGroupTable, ModifierOptionTable } from '../../db/types';
import { visibleOptionGroups } from '../../db/option-groups';

/** A group's or an option's own columns (id and active have defaults; a save sets active). */
type NewGroup = Omit<ModifierGroupTable, 'id' | 'active'>;
type NewOption = Omit<ModifierOptionTable, 'id' | 'active'>;

/** The product's visible groups and options (removed ones are kept hidden, and left out). */
export const groupsOf = visibleOptionGroups;

/** Every group and option the product ever had (hidden ones too): ids an edit may name. */
export async function allGroupIds(executor: DbExecutor, productId: number) {
  const groups = await executor
    .selectFrom('modifier_groups')
    .select('id')
    .where('product_id', '=', productId)
    .execute();
  const options =
    groups.length === 0
      ? []
      : await executor
          .selectFrom('modifier_options')
          .select(['id', 'group_id'])
          .where(
            'group_id',
            'in',
            groups.map((g) => g.id),
          )
          .execute();
  return { groups: groups.map((g) => g.id), options };
}

/** The shared ingredient row of an option title ("Tocineta"), made when new. */
export async function modifierId(executor: DbExecutor, title: string): Promise<number> {
  const found = await executor
    .selectFrom('modifiers')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirst();
  if (found) return found.id;
  await executor
    .insertInto('modifiers')
    .values({ title })
    .onConflict((oc) => oc.column('title').doNothing())
    .execute();
  const { id } = await executor
    .selectFrom('modifiers')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertGroup(executor: DbExecutor, row: NewGroup) {
  const { id } = await executor
    .insertInto('modifier_groups')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const updateGroup = (executor: DbExecutor, id: number, row: Omit<NewGroup, 'product_id'>) =>
  executor
    .updateTable('modifier_groups')
    .set({ ...row, active: 1 })
    .where('id', '=', id)
    .execute();

export async function insertOption(executor: DbExecutor, row: NewOption) {
  const { id } = await executor
    .insertInto('modifier_options')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const updateOption = (executor: DbExecutor, id: number, row: NewOption) =>
  executor
    .updateTable('modifier_options')
    .set({ ...row, active: 1 })
    .where('id', '=', id)
    .execute();

/** Gives `to` copies of the visible groups and options of `from` (removed ones stay behind). */
export async function copyGroups(executor: DbExecutor, from: number, to: number) {
  const groups = await executor
    .selectFrom('modifier_groups')
    .select(['id', 'title', 'required', 'type_input', 'position', 'min_choices', 'max_choices'])
    .where('product_id', '=', from)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const { id, ...group } of groups) {
    const { id: groupId } = await executor
      .insertInto('modifier_groups')
      .values({ ...group, product_id: to })
      .returning('id')
      .executeTakeFirstOrThrow();
    const options = await executor
      .selectFrom('modifier_options')
      .select(['modifier_id', 'title', 'price', 'position'])
      .where('group_id', '=', id)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
    if (options.length > 0)
      await executor
        .insertInto('modifier_options')
        .values(options.map((option) => ({ ...option, group_id: groupId })))
        .execute();
  }
}

/** Hides the product's groups and options not in the lists (never deletes: carts and orders name them). */
export async function hideGroupsExcept(
  executor: DbExecutor,
  productId: number,
  keepGroups: number[],
  keepOptions: number[],
) {
  let groups = executor
    .updateTable('modifier_groups')
    .set({ active: 0 })
    .where('product_id', '=', productId);
  if (keepGroups.length > 0) groups = groups.where('id', 'not in', keepGroups);
  await groups.execute();
  let options = executor
    .updateTable('modifier_options')
    .set({ active: 0 })
    .where('group_id', 'in', (eb) =>
      eb.selectFrom('modifier_groups').select('id').where('product_id', '=', productId),
    );
  if (keepOptions.length > 0) options = options.where('id', 'not in', keepOptions);
  await options.execute();
}
