// What a menu change hands the one write path (lib/admin-write.ts): its answer, its change-log
// row, and the catalogue change every node publishes after the commit.
import type { DbExecutor } from '../../db/types';
import type { ChangeDone } from '../../lib/admin-write';
import type { AuditChange } from '../audit/service';
import { findCategory } from './categories-repository';

/** Every menu change changes what storefronts show: every node drops its catalogue answers. */
export const CATALOG_CHANGED = [{ type: 'catalog' }] as const;

/** A menu change done: its answer and change-log row, published as a catalogue change. */
export const menuChange = <T = undefined>(audit: AuditChange, result?: T): ChangeDone<T> => ({
  result: result as T,
  audit,
  publish: CATALOG_CHANGED,
});

/**
 * A change of one product's own fields or visibility: published as a catalogue change that names
 * the product and its categories (before and after a move), so every node drops only what is
 * made of them, its own page and answers and its categories', and keeps the menu's and every
 * other category's (decision 089).
 */
export async function productChange<T = undefined>(
  executor: DbExecutor,
  audit: AuditChange,
  /** `menu`: the menu's face may have changed (shown, hidden, moved, other dayparts). */
  product: { slug: string; categoryIds: number[]; menu: boolean },
  result?: T,
): Promise<ChangeDone<T>> {
  const categories = await Promise.all(
    [...new Set(product.categoryIds)].map((id) => findCategory(executor, id)),
  );
  const slugs = categories.flatMap((category) => (category ? [category.slug] : []));
  return {
    result: result as T,
    audit,
    publish: [
      {
        type: 'catalog',
        products: { slugs: [product.slug], categories: slugs, menu: product.menu },
      },
    ],
  };
}

/** The change-log row of hiding or showing a category or a product. */
export const visibilityAudit = (
  entity: 'category' | 'product',
  id: number,
  hidden: boolean,
  summary: string,
): AuditChange => ({ action: hidden ? 'hide' : 'show', entity, entity_id: id, summary });
