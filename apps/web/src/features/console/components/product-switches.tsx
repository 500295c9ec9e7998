import type { BranchProduct } from '@comanda/shared';
import { useDeferredValue, useId, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { useBranchProducts } from '../api/get-branch-products';
import { useSetAvailability } from '../api/set-availability';
import { useSetOptionAvailability } from '../api/set-option-availability';
import styles from './branch-controls.module.css';
import { ProductSwitchRow } from './product-switch-row';

/** Lower case without accents: "campiña" finds "Pizza Campiña", "limon" finds "Limón". */
export const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function filterProducts(
  products: readonly BranchProduct[],
  search: string,
): BranchProduct[] {
  const wanted = searchable(search.trim());
  return products.filter(
    (product) =>
      product.offered &&
      (!wanted ||
        searchable(
          `${product.title} ${product.category.title} ${product.options.map((o) => o.title).join(' ')}`,
        ).includes(wanted)),
  );
}

/**
 * "Agotado" per product at this branch, and per option of it ("sin aguacate hoy", decision 050):
 * the storefront shows it at once and placement refuses it.
 */
export function ProductSwitches({ branchId }: { branchId: number }) {
  const products = useBranchProducts(branchId);
  const setAvailability = useSetAvailability(branchId);
  const setOptionAvailability = useSetOptionAvailability(branchId);
  const failure = setAvailability.error ?? setOptionAvailability.error;
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const headingId = useId();
  const searchId = useId();

  const soldOut =
    products.data?.filter((product) => product.offered && product.sold_out).length ?? 0;

  return (
    <section className={`${styles.card} ${styles.products}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Productos agotados{' '}
        {soldOut > 0 ? (
          <span className={styles.badge}>
            {soldOut === 1 ? '1 agotado' : `${soldOut} agotados`}
          </span>
        ) : null}
      </h2>
      <label htmlFor={searchId} className={styles.label}>
        Buscar producto u opción
      </label>
      <input
        id={searchId}
        className={styles.input}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Ej.: hamburguesa"
        autoComplete="off"
      />
      {failure ? (
        <p className={styles.error} role="alert">
          {failure.message}
        </p>
      ) : null}
      <ProductList
        products={products}
        search={deferred}
        onSoldOut={(productId, soldOut) => setAvailability.mutate({ productId, soldOut })}
        onOptionSoldOut={(optionId, soldOut) => setOptionAvailability.mutate({ optionId, soldOut })}
      />
    </section>
  );
}

/** The products the search finds, each with its switches; or why there are none to show. */
function ProductList({
  products,
  search,
  onSoldOut,
  onOptionSoldOut,
}: {
  products: ReturnType<typeof useBranchProducts>;
  search: string;
  onSoldOut: (productId: number, soldOut: boolean) => void;
  onOptionSoldOut: (optionId: number, soldOut: boolean) => void;
}) {
  if (products.isPending) return <p role="status">Cargando productos…</p>;
  if (products.isError)
    return (
      <ErrorState
        message="No pudimos cargar los productos."
        detail={products.error.message}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
      />
    );
  const shown = filterProducts(products.data, search);
  if (shown.length === 0)
    return <p className={styles.help}>Ningún producto coincide con «{search}».</p>;
  return (
    <ul className={styles.productList}>
      {shown.map((product) => (
        <ProductSwitchRow
          key={product.product_id}
          product={product}
          onSoldOut={(soldOut) => onSoldOut(product.product_id, soldOut)}
          onOptionSoldOut={onOptionSoldOut}
        />
      ))}
    </ul>
  );
}
