import { formatMoney } from '@comanda/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AdminSection } from '@/components/admin/admin-section';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/form-field';
import { useAdminCategories } from '../api/get-categories';
import { useDuplicateProduct } from '../api/duplicate-product';
import { useAdminProducts } from '../api/get-products';
import { useReorderProducts } from '../api/reorder-products';
import { useSetProductVisibility } from '../api/set-product-visibility';
import { useDragReorder } from '../hooks/use-drag-reorder';
import { inPendingOrder, moveItem } from '../lib/move';
import { DragHandle } from './drag-handle';
import records from '@/components/admin/record-list.module.css';
import styles from './menu-list.module.css';
import { panelHref } from '@/config/panel-paths';

/** Menú › Productos: search, filter by category, order within a category, hide or show. */
export function ProductsScreen() {
  const [params, setParams] = useSearchParams();
  const categoryParam = Number(params.get('categoria'));
  const categoryId = Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : null;
  const [search, setSearch] = useState('');
  const categories = useAdminCategories();
  const products = useAdminProducts({ q: search, category_id: categoryId });
  const reorder = useReorderProducts();
  const visibility = useSetProductVisibility();
  const duplicate = useDuplicateProduct();
  const navigate = useNavigate();
  const [announce, setAnnounce] = useState('');

  const list = inPendingOrder(
    products.data ?? [],
    reorder.isPending ? reorder.variables.ids : undefined,
  );
  // The order is per category: handles and arrows only when one whole category is listed, and
  // still while a new order is saved (no row shifts), though nothing moves until it is.
  const orderable = categoryId !== null && search.trim() === '' && !products.isPlaceholderData;
  const canReorder = orderable && !reorder.isPending;

  const move = (from: number, to: number) => {
    if (categoryId === null) return;
    const product = list[from]!;
    reorder.mutate(
      { categoryId, ids: moveItem(list, from, to).map((p) => p.id) },
      { onSuccess: () => setAnnounce(`${product.title}: posición ${to + 1} de ${list.length}`) },
    );
  };
  const drag = useDragReorder(list.length, move, canReorder);

  return (
    <AdminSection
      title="Productos"
      description="Los productos ocultos no se ven en ninguna tienda, pero se conservan con sus pedidos."
      actions={
        <>
          <Link className={buttonClass('secondary')} to={panelHref.prices()}>
            Cambiar precios
          </Link>
          <Link className={buttonClass()} to={panelHref.newProduct(categoryId ?? undefined)}>
            Nuevo producto
          </Link>
        </>
      }
      search={{ label: 'Buscar producto', value: search, onChange: setSearch }}
    >
      <div className={styles.filters}>
        <SelectField
          name="categoria"
          label="Categoría"
          value={categoryId === null ? '' : String(categoryId)}
          onChange={(event) =>
            setParams(event.target.value ? { categoria: event.target.value } : {}, {
              replace: true,
            })
          }
          hint={categoryId === null ? 'Elige una categoría para ordenar sus productos.' : undefined}
        >
          <option value="">Todas</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.title}
              {category.hidden ? ' (oculta)' : ''}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {reorder.isError || visibility.isError || duplicate.isError ? (
        <p role="alert" className={records.state}>
          {(reorder.error ?? visibility.error ?? duplicate.error)?.message}
        </p>
      ) : null}
      {products.isPending ? (
        <p className={records.state}>Cargando productos…</p>
      ) : products.isError ? (
        <ErrorState
          message="No pudimos cargar los productos."
          onRetry={() => void products.refetch()}
        />
      ) : list.length === 0 ? (
        <p className={records.state}>
          {search
            ? `Ningún producto coincide con «${search}».`
            : 'Esta categoría no tiene productos todavía.'}
        </p>
      ) : (
        <ul className={records.list}>
          {list.map((product, index) => (
            <li
              key={product.id}
              className={`${styles.row} ${orderable ? styles.rowDraggable : ''} ${product.hidden ? styles.rowHidden : ''}`}
              {...drag.rowProps(index)}
            >
              {orderable ? <DragHandle {...drag.handleProps(index)} /> : null}
              {product.image ? (
                <img
                  className={styles.thumb}
                  src={product.image}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                />
              ) : (
                <span className={styles.thumb} />
              )}
              <div className={styles.info}>
                <Link to={panelHref.product(product.id)} className={styles.title}>
                  {product.title}
                </Link>
                <span className={styles.meta}>
                  {product.category_title} · {formatMoney(product.price)}
                  {product.hidden ? <span className={styles.badge}>Oculto</span> : null}
                </span>
              </div>
              <div className={styles.actions}>
                {orderable ? (
                  <>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={`Subir ${product.title}`}
                      disabled={!canReorder || index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={`Bajar ${product.title}`}
                      disabled={!canReorder || index === list.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </button>
                  </>
                ) : null}
                <Button
                  variant="secondary"
                  onClick={() =>
                    visibility.mutate({
                      id: product.id,
                      hidden: !product.hidden,
                      version: product.version,
                    })
                  }
                  aria-label={`${product.hidden ? 'Mostrar' : 'Ocultar'} ${product.title}`}
                >
                  {product.hidden ? 'Mostrar' : 'Ocultar'}
                </Button>
                <Button
                  variant="secondary"
                  disabled={duplicate.isPending}
                  // The copy is hidden: its editor opens to rename it, then show it.
                  onClick={() =>
                    duplicate.mutate(product.id, {
                      onSuccess: (copy) =>
                        void navigate(panelHref.product(copy.id), { state: { copied: true } }),
                    })
                  }
                  aria-label={`Duplicar ${product.title}`}
                >
                  Duplicar
                </Button>
                <Link
                  className={buttonClass('secondary')}
                  to={panelHref.product(product.id)}
                  aria-label={`Editar ${product.title}`}
                >
                  Editar
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
