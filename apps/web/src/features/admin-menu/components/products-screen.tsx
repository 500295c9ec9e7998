import { formatMoney, type AdminProductSummary } from '@comanda/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { Button, buttonClass } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-field';
import { panelHref } from '@/config/panel-paths';
import { useAdminCategories } from '../api/get-categories';
import { useDuplicateProduct } from '../api/duplicate-product';
import { useAdminProducts } from '../api/get-products';
import { useReorderProducts } from '../api/reorder-products';
import { useSetProductVisibility } from '../api/set-product-visibility';
import { useMenuOrder, type MenuOrder } from '../hooks/use-menu-order';
import { inPendingOrder } from '../lib/move';
import { MenuRow, MoveButtons } from './menu-row';
import styles from './menu-list.module.css';

/** Menú › Productos: search, filter by category, order within a category, hide or show. */
export function ProductsScreen() {
  const [params, setParams] = useSearchParams();
  const categoryParam = Number(params.get('categoria'));
  const categoryId = Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : null;
  const [search, setSearch] = useState('');

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
        <CategoryFilter
          categoryId={categoryId}
          onChange={(value) => setParams(value ? { categoria: value } : {}, { replace: true })}
        />
      </div>
      <ProductList search={search} categoryId={categoryId} />
    </AdminSection>
  );
}

function CategoryFilter({
  categoryId,
  onChange,
}: {
  categoryId: number | null;
  onChange: (value: string) => void;
}) {
  const categories = useAdminCategories();
  return (
    <SelectField
      name="categoria"
      label="Categoría"
      value={categoryId === null ? '' : String(categoryId)}
      onChange={(event) => onChange(event.target.value)}
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
  );
}

/** The products the search and the category find, in the order being saved, and how to move them. */
function useProductRows(search: string, categoryId: number | null) {
  const products = useAdminProducts({ q: search, category_id: categoryId });
  const reorder = useReorderProducts();
  const list = inPendingOrder(
    products.data ?? [],
    reorder.isPending ? reorder.variables.ids : undefined,
  );
  // The order is per category: handles and arrows only when one whole category is listed, and
  // still while a new order is saved (no row shifts), though nothing moves until it is.
  const orderable = categoryId !== null && search.trim() === '' && !products.isPlaceholderData;
  const order = useMenuOrder(list, orderable, reorder.isPending, (ids, onSaved) => {
    if (categoryId !== null) reorder.mutate({ categoryId, ids }, { onSuccess: onSaved });
  });
  return { products, reorder, list, orderable, order };
}

function ProductList({ search, categoryId }: { search: string; categoryId: number | null }) {
  const { products, reorder, list, orderable, order } = useProductRows(search, categoryId);
  const visibility = useSetProductVisibility();
  const duplicate = useDuplicateProduct();
  const navigate = useNavigate();
  return (
    <>
      <p className="visually-hidden" role="status">
        {order.announce}
      </p>
      <AdminList
        look="rows"
        query={products}
        items={list}
        loading="Cargando productos…"
        failed="No pudimos cargar los productos."
        empty={
          search
            ? `Ningún producto coincide con «${search}».`
            : 'Esta categoría no tiene productos todavía.'
        }
        problem={(reorder.error ?? visibility.error ?? duplicate.error)?.message}
      >
        {(product) => (
          <ProductRow
            key={product.id}
            product={product}
            index={list.indexOf(product)}
            count={list.length}
            orderable={orderable}
            order={order}
            duplicating={duplicate.isPending}
            onToggle={() =>
              visibility.mutate({
                id: product.id,
                hidden: !product.hidden,
                version: product.version,
              })
            }
            // The copy is hidden: its editor opens to rename it, then show it.
            onDuplicate={() =>
              duplicate.mutate(product.id, {
                onSuccess: (copy) =>
                  void navigate(panelHref.product(copy.id), { state: { copied: true } }),
              })
            }
          />
        )}
      </AdminList>
    </>
  );
}

interface ProductRowProps {
  product: AdminProductSummary;
  index: number;
  count: number;
  orderable: boolean;
  order: MenuOrder;
  duplicating: boolean;
  onToggle: () => void;
  onDuplicate: () => void;
}

function ProductRow(props: ProductRowProps) {
  const { product } = props;
  return (
    <MenuRow
      index={props.index}
      order={props.order}
      orderable={props.orderable}
      hidden={product.hidden}
      image={product.image}
      info={
        <>
          <Link to={panelHref.product(product.id)} className={styles.title}>
            {product.title}
          </Link>
          <span className={styles.meta}>
            {product.category_title} · {formatMoney(product.price)}
            {product.hidden ? <span className={styles.badge}>Oculto</span> : null}
          </span>
        </>
      }
      actions={<ProductActions {...props} />}
    />
  );
}

/** Move, hide or show, duplicate, edit. */
function ProductActions(props: ProductRowProps) {
  const { product } = props;
  return (
    <>
      {props.orderable ? (
        <MoveButtons
          title={product.title}
          index={props.index}
          count={props.count}
          order={props.order}
        />
      ) : null}
      <Button
        variant="secondary"
        onClick={props.onToggle}
        aria-label={`${product.hidden ? 'Mostrar' : 'Ocultar'} ${product.title}`}
      >
        {product.hidden ? 'Mostrar' : 'Ocultar'}
      </Button>
      <Button
        variant="secondary"
        disabled={props.duplicating}
        onClick={props.onDuplicate}
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
    </>
  );
}
