import { DIETARY_TAGS, type Product } from '@comanda/shared';
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
export function MenuSearch({
  branchId,
  initial,
  initialTags = [],
}: {
  branchId: number;
  initial: string;
  /** Dietary tag codes chosen by the address (`?etiqueta=`), e.g. from the menu's chips. */
  initialTags?: readonly string[];
}) {
  const [query, setQuery] = useState(initial);
  const [tags, setTags] = useState<readonly string[]>(initialTags);
  const deferred = useDeferredValue(query);
  const id = useId();
  const client = useQueryClient();
  const { products, loading } = useMenuProducts(branchId);
  // A few dozen products: filtered on every render, as fast as a keystroke.
  const found = searchProducts(
    products,
    deferred,
    (slug) => client.getQueryData<Product>(productQueryOptions(slug, branchId).queryKey),
    tags,
  );

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
        // The screen exists to type in it (unless it opened on a chosen tag, to read the list).
        autoFocus={initialTags.length === 0}
        onChange={(event) => {
          setQuery(event.target.value);
          keepInAddress('q', event.target.value);
        }}
      />
      <TagChips
        chosen={tags}
        onChange={(next) => {
          setTags(next);
          keepInAddress('etiqueta', next.join(','));
        }}
      />
      <p className={styles.count} role="status">
        {countText(deferred.trim(), tags.length > 0, loading, found.length)}
      </p>
      {found.length > 0 ? <ProductList key={deferred} products={found} /> : null}
    </div>
  );
}

/** Every category's products at the branch, each category read once as its own page would. */
function useMenuProducts(branchId: number) {
  const categories = useCategories();
  const lists = useQueries({
    queries: (categories.data ?? []).map((category) =>
      categoryQueryOptions(category.slug, branchId),
    ),
  });
  return {
    products: lists.flatMap((list) => list.data?.products ?? []),
    loading: categories.isPending || lists.some((list) => list.isPending),
  };
}

/** What the search found, said once a word is typed or a tag chosen. */
function countText(words: string, tagged: boolean, loading: boolean, found: number): string {
  if (words === '' && !tagged) return '';
  if (loading && found === 0) return 'Buscando…';
  if (found === 0)
    return words === ''
      ? 'No hay productos con esas etiquetas en esta sede.'
      : `No encontramos productos para "${words}".`;
  return found === 1 ? '1 producto' : `${found} productos`;
}

/** The query and the chosen tags stay in the address, so Atrás from a product comes back to them. */
function keepInAddress(name: string, value: string) {
  const url = new URL(location.href);
  if (value === '') url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  history.replaceState(history.state, '', url);
}

/** «Vegetariano», «Sin gluten»…: toggles that keep only the products carrying every one chosen. */
function TagChips({
  chosen,
  onChange,
}: {
  chosen: readonly string[];
  onChange: (tags: readonly string[]) => void;
}) {
  return (
    <div className={styles.chips} role="group" aria-label="Filtrar por">
      {DIETARY_TAGS.map(({ code, label }) => {
        const on = chosen.includes(code);
        return (
          <button
            key={code}
            type="button"
            className={styles.chip}
            aria-pressed={on}
            onClick={() => onChange(on ? chosen.filter((tag) => tag !== code) : [...chosen, code])}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
