import type { Product } from '@comanda/shared';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { productQueryOptions } from '@/entities/product/api/get-product';
import { useCategories } from '../api/get-categories';
import { categoryQueryOptions } from '../api/get-category';
import { searchProducts } from '../lib/search';
import { ProductList } from './product-list';
import styles from './menu-search.module.css';

/**
 * Search in the menu (product.md «Search»): every word typed, accent- and case-insensitive, in
 * the products' names, descriptions and (for products whose page was read) option names. It
 * reads the categories the app (or the service worker, offline) already holds: no request per
 * keystroke; each category is fetched once, as its own page would.
 */
export function MenuSearch({ branchId, initial }: { branchId: number; initial: string }) {
  const [query, setQuery] = useState(initial);
  const deferred = useDeferredValue(query);
  const id = useId();
  const client = useQueryClient();
  const categories = useCategories();
  const lists = useQueries({
    queries: (categories.data ?? []).map((category) =>
      categoryQueryOptions(category.slug, branchId),
    ),
  });
  const products = lists.flatMap((list) => list.data?.products ?? []);
  const loading = categories.isPending || lists.some((list) => list.isPending);
  // A few dozen products: filtered on every render, as fast as a keystroke.
  const found = searchProducts(products, deferred, (slug) =>
    client.getQueryData<Product>(productQueryOptions(slug, branchId).queryKey),
  );
  const typed = deferred.trim() !== '';

  return (
    <div className={styles.search}>
      <label htmlFor={id} className={styles.label}>
        Buscar en el menú
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={query}
        placeholder="Ej.: hamburguesa, pollo, limonada…"
        autoComplete="off"
        enterKeyHint="search"
        // The screen exists to type in it.
        autoFocus
        onChange={(event) => {
          setQuery(event.target.value);
          // The query stays in the address, so Atrás from a product comes back to the results.
          const url = new URL(location.href);
          url.searchParams.set('q', event.target.value);
          history.replaceState(history.state, '', url);
        }}
      />
      <p className={styles.count} role="status">
        {!typed
          ? ''
          : loading && found.length === 0
            ? 'Buscando…'
            : found.length === 0
              ? `No encontramos productos para "${deferred.trim()}".`
              : found.length === 1
                ? '1 producto'
                : `${found.length} productos`}
      </p>
      {found.length > 0 ? <ProductList key={deferred} products={found} /> : null}
    </div>
  );
}
