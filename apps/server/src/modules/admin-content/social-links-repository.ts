import type { DbExecutor } from '../../db/types';

// The storefront's social network accounts, one row a network: plain functions of the executor
// (decision 065).

export const listSocialLinks = (executor: DbExecutor) =>
  executor
    .selectFrom('social_links')
    .select(['id', 'network', 'handle', 'value', 'active', 'version'])
    .orderBy('position')
    .execute();

/** A network's row; a missing one is made at the form's version, so the rows keep moving together. */
export async function saveSocialLink(
  trx: DbExecutor,
  network: string,
  position: number,
  values: { handle: string; value: string; active: number; version: number },
) {
  const updated = await trx
    .updateTable('social_links')
    .set(values)
    .where('network', '=', network)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await trx
      .insertInto('social_links')
      .values({ ...values, network, position })
      .execute();
}
