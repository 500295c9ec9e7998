import type { CatalogChange } from '../../../plugins/catalog-events';
import type { MenuAtBranch, MenuProduct, ProductOptions } from '../types';

interface Entry<V> {
  expiresAt: number;
  value: Promise<V>;
}

/** A branch's products and its options sold out today, read and dropped together. */
interface BranchMenu {
  products: Map<number, MenuProduct>;
  soldOutOptions: ReadonlySet<number>;
}

/** A product's option groups and options as the database has them. */
interface StoredOptions {
  groups: {
    id: number;
    title: string;
    required: number;
    type_input: number;
    min_choices: number | null;
    max_choices: number | null;
  }[];
  options: { id: number; group_id: number; title: string; price: number }[];
}

/**
 * The menu placement checks orders against, kept in memory (decision 018): each branch's
 * products with their price and state there and its sold-out options, and each product's option groups, already in the
 * shape the shared line rebuild reads (groups holding their options), so an order
 * only looks things up. Read once, not once per order; dropped the moment the catalogue
 * publishes a change (app.catalogEvents, heard from every node: `availability`,
 * `option-availability` and `branch` drop that branch, `catalog` drops everything) so the next order sees a new price or a sold-out
 * switch. `ttlMs` bounds how stale a node that missed a message (Redis restarting) can be.
 */
export function menuSnapshot(
  load: {
    productsAtBranch(branchId: number): Promise<MenuProduct[]>;
    optionsOf(productId: number): Promise<StoredOptions>;
    soldOutOptionsAt(branchId: number): Promise<Set<number>>;
  },
  ttlMs: number,
  /** The app's clock (Clock.now). */
  now: () => number,
) {
  const branches = new Map<number, Entry<BranchMenu>>();
  const structures = new Map<number, Entry<ProductOptions>>();

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
      const [{ products, soldOutOptions }, found] = await Promise.all([
        remembered(branches, branchId, async () => {
          const [rows, soldOut] = await Promise.all([
            load.productsAtBranch(branchId),
            load.soldOutOptionsAt(branchId),
          ]);
          return { products: new Map(rows.map((p) => [p.id, p])), soldOutOptions: soldOut };
        }),
        Promise.all(
          productIds.map((id) =>
            remembered(structures, id, async () => productOptions(await load.optionsOf(id))),
          ),
        ),
      ]);
      const options = new Map<number, ProductOptions>();
      productIds.forEach((id, i) => options.set(id, found[i]!));
      return { products, options, soldOutOptions };
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

/** Groups holding their options, in the stored order, in the shape the shared rebuildLine reads. */
function productOptions({ groups, options }: StoredOptions): ProductOptions {
  return {
    groups: groups.map((group) => ({
      id: group.id,
      title: group.title,
      required: group.required === 1,
      type_input: group.type_input,
      min_choices: group.min_choices,
      max_choices: group.max_choices,
      options: options
        .filter((o) => o.group_id === group.id)
        .map((o) => ({ id: o.id, title: o.title, price: o.price })),
    })),
  };
}
