import { yieldToLoop } from '../lib/yield-to-loop';
import type { DbExecutor } from './types';

/** Option groups whose options one statement reads (visibleOptionGroups). */
const OPTIONS_READ_GROUPS = 200;

/**
 * A product's visible option groups and their options, in menu order: what the storefront's
 * product page shows, placement prices against and the back office edits. Groups and options
 * removed in the back office are kept hidden (`active = 0`) for the orders that name them, and
 * left out here. One query for the four readers (a category's cards read their products' at once,
 * for the price they show), so they cannot disagree about what a product offers.
 */
export async function visibleOptionGroups(
  executor: DbExecutor,
  productIds: number | readonly number[],
) {
  const ids = typeof productIds === 'number' ? [productIds] : productIds;
  if (ids.length === 0) return { groups: [], options: [] };
  const groups = await executor
    .selectFrom('modifier_groups')
    .select(['id', 'product_id', 'title', 'required', 'type_input', 'min_choices', 'max_choices'])
    .where('product_id', 'in', ids)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const options = [];
  const groupIds = groups.map((g) => g.id);
  for (let from = 0; from < groupIds.length; from += OPTIONS_READ_GROUPS) {
    // A 100× menu's category holds thousands of options: one statement read them in 6–13 ms
    // on the event loop (bench:scale, an admin saving a product a second). Read in slices,
    // the loop served between them.
    if (from > 0) await yieldToLoop();
    options.push(
      ...(await executor
        .selectFrom('modifier_options as o')
        .innerJoin('modifiers as m', 'm.id', 'o.modifier_id')
        .select(['o.id', 'o.group_id', 'o.title', 'o.price', 'm.title as modifier_title'])
        .where('o.active', '=', 1)
        .where('o.group_id', 'in', groupIds.slice(from, from + OPTIONS_READ_GROUPS))
        .orderBy('o.position')
        .orderBy('o.id')
        .execute()),
    );
  }
  return { groups, options };
}

/**
 * The options sold out at a branch today (decision 050), of those in `optionIds` or all of them:
 * the one read of `branch_sold_out_options`, so the catalogue, placement and the console agree.
 */
export async function soldOutOptionsAt(
  executor: DbExecutor,
  branchId: number,
  optionIds?: readonly number[],
): Promise<Set<number>> {
  if (optionIds?.length === 0) return new Set();
  let query = executor
    .selectFrom('branch_sold_out_options')
    .select('option_id')
    .where('branch_id', '=', branchId);
  if (optionIds) query = query.where('option_id', 'in', optionIds);
  return new Set((await query.execute()).map((row) => row.option_id));
}
