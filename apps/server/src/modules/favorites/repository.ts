import type { DbExecutor } from '../../db/types';

// A user's favourite products, plain functions of the database (decision 065).

export const listFavorites = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('favorites as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.description',
      'p.description_eco',
      'p.image',
      'p.price',
    ])
    .where('f.user_id', '=', userId)
    .where('p.active', '=', 1)
    .orderBy('f.created_at', 'desc')
    .orderBy('p.id')
    .execute();

export async function isFavorite(db: DbExecutor, userId: number, productId: number) {
  const row = await db
    .selectFrom('favorites')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function productExists(db: DbExecutor, productId: number) {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds or removes; answers whether it is a favourite afterwards. Each step is one atomic
 * statement, so two toggles at once cannot both insert: when another toggle's insert lands
 * between this one's delete and insert, the insert does nothing and the next round removes
 * that favourite instead. Every toggle flips the state exactly once.
 */
export async function flipFavorite(
  db: DbExecutor,
  userId: number,
  productId: number,
  at: string,
): Promise<boolean> {
  for (let round = 0; round < 50; round++) {
    const removed = await db
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return false;
    const added = await db
      .insertInto('favorites')
      .values({ user_id: userId, product_id: productId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .returning('product_id')
      .executeTakeFirst();
    if (added) return true;
  }
  throw new Error(`favourite ${userId}/${productId} kept changing under its toggle`);
}
