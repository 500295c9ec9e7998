import type { BranchProduct } from '@comanda/shared';
import { useDeferredValue, useId, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Picture } from '@/components/ui/picture';
import { useBranchProducts } from '../api/get-branch-products';
import { useSetAvailability } from '../api/set-availability';
import { useSetOptionAvailability } from '../api/set-option-availability';
import styles from './branch-controls.module.css';

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

  const shown = products.data ? filterProducts(products.data, deferred) : [];
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
      {products.isPending ? (
        <p role="status">Cargando productos…</p>
      ) : products.isError ? (
        <ErrorState
          message="No pudimos cargar los productos."
          detail={products.error.message}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : shown.length === 0 ? (
        <p className={styles.help}>Ningún producto coincide con «{deferred}».</p>
      ) : (
        <ul className={styles.productList}>
          {shown.map((product) => (
            <li
              key={product.product_id}
              className={`${styles.product} ${product.sold_out ? styles.productOut : ''}`}
            >
              <Picture
                className={styles.productImage}
                src={product.image}
                kind="product"
                sizes="48px"
                alt=""
                width={48}
                height={48}
              />
              <span className={styles.productText}>
                <span className={styles.productTitle}>{product.title}</span>
                <span className={styles.productCategory}>{product.category.title}</span>
              </span>
              <button
                type="button"
                role="switch"
                aria-checked={product.sold_out}
                aria-label={`Agotado: ${product.title}`}
                className={`${styles.switch} ${styles.switchDanger} ${product.sold_out ? styles.switchOn : ''}`}
                onClick={() =>
                  setAvailability.mutate({
                    productId: product.product_id,
                    soldOut: !product.sold_out,
                  })
                }
              >
                <span className={styles.track} aria-hidden="true">
                  <span className={styles.knob} />
                </span>
                <span className={styles.switchText}>Agotado</span>
              </button>
              {product.options.length > 0 ? (
                <ul className={styles.optionList} aria-label={`Opciones de ${product.title}`}>
                  {product.options.map((option) => (
                    <li key={option.option_id}>
                      <button
                        type="button"
                        role="switch"
                        aria-checked={option.sold_out}
                        aria-label={`Agotado: ${option.title} (${product.title}, ${option.group})`}
                        className={`${styles.optionSwitch} ${option.sold_out ? styles.optionOut : ''}`}
                        onClick={() =>
                          setOptionAvailability.mutate({
                            optionId: option.option_id,
                            soldOut: !option.sold_out,
                          })
                        }
                      >
                        <span className={styles.optionTitle}>{option.title}</span>
                        {option.sold_out ? (
                          <span className={styles.optionState}>Agotado</span>
                        ) : null}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
