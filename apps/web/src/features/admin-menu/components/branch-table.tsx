import {
  ADMIN_MENU_MESSAGES,
  adminBranchProductBody,
  formatMoney,
  type AdminBranchProduct,
} from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useBranchProducts } from '../api/get-branch-products';
import { useSetBranchProduct } from '../api/set-branch-product';
import { parsePesos } from '../lib/product-draft';
import styles from './product-editor.module.css';

/**
 * Per branch: offered or not, its own price (empty: the product's), sold out. A product whose sizes
 * are all priced takes no price per branch (decision 052): the size chosen is what is paid.
 */
export function BranchTable({
  productId,
  productPrice,
  sizesPriced,
}: {
  productId: number;
  productPrice: number;
  sizesPriced: boolean;
}) {
  const branches = useBranchProducts(productId);
  if (branches.isPending) return <p>Cargando sedes…</p>;
  if (branches.isError) return <p role="alert">No pudimos cargar las sedes.</p>;
  return (
    <div className={styles.branches}>
      {branches.data.map((row) => (
        <BranchRow
          key={row.branch_id}
          row={row}
          productPrice={productPrice}
          sizesPriced={sizesPriced}
        />
      ))}
    </div>
  );
}

function BranchRow({
  row,
  productPrice,
  sizesPriced,
}: {
  row: AdminBranchProduct;
  productPrice: number;
  sizesPriced: boolean;
}) {
  const save = useSetBranchProduct();
  const [offered, setOffered] = useState(row.offered);
  const [soldOut, setSoldOut] = useState(row.sold_out);
  const [price, setPrice] = useState(row.price === null ? '' : String(row.price));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = () => {
    setSaved(false);
    const parsed = adminBranchProductBody.safeParse({
      offered,
      sold_out: soldOut,
      price: price.trim() === '' ? null : parsePesos(price),
    });
    if (!parsed.success) {
      setProblem(ADMIN_MENU_MESSAGES.branchPrice);
      return;
    }
    setProblem(null);
    save.mutate(
      {
        branchId: row.branch_id,
        productId: row.product_id,
        body: { ...parsed.data, version: row.version },
      },
      {
        onSuccess: () => setSaved(true),
        onError: (error) =>
          setProblem(
            error instanceof ApiError
              ? (Object.values(error.errors ?? {})[0]?.[0] ?? error.message)
              : 'No pudimos guardar.',
          ),
      },
    );
  };

  return (
    <fieldset className={styles.branch}>
      <legend className={styles.branchTitle}>{row.branch_title}</legend>
      <label className={styles.check}>
        <input type="checkbox" checked={offered} onChange={(e) => setOffered(e.target.checked)} />
        La ofrece
      </label>
      {sizesPriced ? (
        <p className={styles.branchPriceNote}>Precio: el del tamaño elegido.</p>
      ) : (
        <label className={styles.field}>
          <span className={styles.label}>Precio en la sede ($)</span>
          <input
            className={`${styles.input} ${styles.price}`}
            inputMode="numeric"
            value={price}
            placeholder={formatMoney(productPrice)}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
      )}
      <label className={styles.check}>
        <input type="checkbox" checked={soldOut} onChange={(e) => setSoldOut(e.target.checked)} />
        Agotado
      </label>
      <Button
        variant="secondary"
        onClick={submit}
        disabled={save.isPending}
        aria-label={`Guardar ${row.branch_title}`}
      >
        {save.isPending ? 'Guardando…' : 'Guardar'}
      </Button>
      <p
        className={problem ? styles.branchError : styles.branchNote}
        role={problem ? 'alert' : 'status'}
      >
        {problem ?? (saved ? 'Guardado.' : '')}
      </p>
    </fieldset>
  );
}
