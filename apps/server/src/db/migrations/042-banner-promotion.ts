import type { AnyDb, Migration } from './helpers';

/**
 * A banner may link to the promotion it announces (product.md «Promotions», «Back office:
 * Contenido»): tapping it leads to where the promotion applies. Nullable, and emptied when the
 * promotion is deleted: the previous release's inserts and reads are unaffected (decision 081).
 */
export function bannerPromotionMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('banners')
        .addColumn('promotion_id', 'integer', (c) =>
          c.references('promotions.id').onDelete('set null'),
        )
        .execute();
    },
  };
}
