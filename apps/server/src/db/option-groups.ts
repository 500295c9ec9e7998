import type { DbExecutor } from './types';

/**
 * A product's visible option groups and their options, in menu order: what the storefront's
 * product page shows, placement prices against and the back office edits. Groups and options
 * removed in the back office are kept hidden (`active = 0`) for the orders that name them, and
 * left out here. One query for the three readers, so they cannot disagree about what a product
 * offers.
 */
export async function visibleOptionGroups(executor: DbExecutor, productId: number) {
  const groups = await executor
    .selectFrom('modifier_groups')
    .select(['id', 'product_id', 'title', 'required', 'type_input', 'min_choices', 'max_choices'])
    .where('product_id', '=', productId)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const options =
    groups.length === 0
      ? []
      : await executor
          .selectFrom('modifier_options as o')
          .innerJoin('modifiers as m', 'm.id', 'o.modifier_id')
          .select(['o.id', 'o.group_id', 'o.title', 'o.price', 'm.title as modifier_title'])
          .where('o.active', '=', 1)
          .where(
            'o.group_id',
            'in',
            groups.map((g) => g.id),
          )
          .orderBy('o.position')
          .orderBy('o.id')
          .execute();
  return { groups, options };
}
