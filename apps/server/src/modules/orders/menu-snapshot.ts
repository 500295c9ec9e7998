import type { CatalogChange } from '../../plugins/catalog-events';
import type { MenuAtBranch } from './build-lines';

type Product = MenuAtBranch['products'][number];
type Structure = { groups: MenuAtBranch['groups']; options: MenuAtBranch['options'] };

interface Entry<V> {
  expiresAt: number;
  value: Promise<V>;
}

/**
 * The menu placement checks orders against, kept in memory (decision 018): each branch's
 * products with their price and state there, and each product's option groups. Read once, not
 * once per order; dropped the moment the catalogue publishes a change (app.catalogEvents, heard
 * from every node: `availability` and `branch` drop that branch, `catalog` drops everything) so
 * the next order sees a new price or a sold-out switch. `ttlMs` bounds how stale a node that
 * missed a message (Redis restarting) can be.
 */
export function menuSnapshot(
  load: { productsAtBranch(branchId: number): Promise<Product[]>; optionsOf(productId: number): Promise<Structure> },
  ttlMs: number,
  now: () => number = Date.now,
) {
  const branches = new Map<number, Entry<Map<number, Product>>>();
  const structures = new Map<number, Entry<Structure>>();

  function remembered<K, V>(entries: Map<K, Entry<V>>, key: K, read: () => Promise<V>): Promise<V> {
    const at = now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > at) return hit.value;
    if (entries.size > 10_000) entries.clear();
    const entry = { expiresAt: at + ttlMs, value: read() };
    entries.set(key, entry);
    // A failed read is not remembered; a read overtaken by a change (the entry was dropped
    // meanwhile) still answers the orders that were waiting for it, and no later one.
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value;
  }

  return {
    async menuAt(branchId: number, productIds: number[]): Promise<MenuAtBranch> {
      const [products, found] = await Promise.all([
        remembered(branches, branchId, async () => new Map((await load.productsAtBranch(branchId)).map((p) => [p.id, p]))),
        Promise.all(productIds.map((id) => remembered(structures, id, () => load.optionsOf(id)))),
      ]);
      return {
        products: productIds.flatMap((id) => products.get(id) ?? []),
        groups: found.flatMap((s) => s.groups),
        options: found.flatMap((s) => s.options),
      };
    },

    forget(change: CatalogChange): void {
      if (change.type === 'catalog') {
        branches.clear();
        structures.clear();
      } else {
        branches.delete(change.branch_id);
      }
    },
  };
}
