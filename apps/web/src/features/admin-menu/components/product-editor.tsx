import {
  ADMIN_MENU_MESSAGES,
  describeDayparts,
  paysOwnPrice,
  type AdminCategory,
  type AdminProduct,
  type Product,
} from '@comanda/shared';
import { useRef, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { DaypartsField } from '@/components/admin/dayparts-field';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { ApiError } from '@/lib/api-client';
import { useAdminCategories } from '../api/get-categories';
import { useAdminProduct } from '../api/get-product';
import { useProductForm, type ProductForm } from '../hooks/use-product-form';
import { draftFrom, emptyDraft, previewProduct, type ProductDraft } from '../lib/product-draft';
import { BranchTable } from './branch-table';
import { DietaryCard } from './dietary-card';
import { DraftNote } from './draft-note';
import { ProductDataCard } from './product-data-card';
import { ProductEditorMessages } from './product-editor-messages';
import { ProductGroupsCard } from './product-groups-card';
import { ProductStationCard } from './product-station-card';
import styles from './product-editor.module.css';
import { panelHref } from '@/config/panel-paths';
import { pageTitle } from '@/lib/brand';

interface ProductEditorProps {
  renderPreview: (product: Product) => ReactNode;
}

/** Menú › Productos › one product (or a new one): its fields, option groups, branches and preview. */
export function ProductEditor({ renderPreview }: ProductEditorProps) {
  const { id } = useParams();
  const productId = id === undefined ? null : Number(id);
  const [params] = useSearchParams();
  const product = useAdminProduct(
    productId !== null && Number.isInteger(productId) && productId > 0 ? productId : null,
  );
  // "Recargar" starts the form again from the latest save, once it has arrived. A save of this
  // form does not: the form already holds what it saved, and keeps its "Guardado".
  const [reloads, setReloads] = useState(0);

  if (productId === null) {
    const category = Number(params.get('categoria'));
    return (
      <EditorForm
        product={null}
        initial={emptyDraft(Number.isInteger(category) && category > 0 ? category : null)}
        renderPreview={renderPreview}
        onReload={() => undefined}
      />
    );
  }
  if (product.isPending) return <p className={styles.state}>Cargando producto…</p>;
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <ErrorState
        message={missing ? ADMIN_MENU_MESSAGES.productNotFound : 'No pudimos cargar el producto.'}
        onRetry={() => void product.refetch()}
      />
    );
  }
  return (
    <EditorForm
      key={`${product.data.id}:${reloads}`}
      product={product.data}
      initial={draftFrom(product.data)}
      renderPreview={renderPreview}
      onReload={() => void product.refetch().then(() => setReloads((count) => count + 1))}
    />
  );
}

interface EditorFormProps {
  product: AdminProduct | null;
  initial: ProductDraft;
  renderPreview: (product: Product) => ReactNode;
  onReload: () => void;
}

function EditorForm({ product, initial, renderPreview, onReload }: EditorFormProps) {
  const categories = useAdminCategories();
  const messageRef = useRef<HTMLDivElement>(null);
  const form = useProductForm(product, initial, messageRef);
  const category = categories.data?.find((c) => String(c.id) === form.draft.category_id);
  const heading = product ? product.title : 'Nuevo producto';

  return (
    <section className={styles.editor} aria-labelledby="product-editor-title">
      <title>{pageTitle(`${heading} · Menú · Administración`)}</title>
      <EditorHead product={product} heading={heading} onPublished={form.published} />
      <ProductEditorMessages
        form={form}
        messageRef={messageRef}
        categories={categories.data}
        onReload={onReload}
      />
      <div className={styles.layout}>
        <form
          className={styles.form}
          onSubmit={(event) => void form.submit(event)}
          noValidate
          aria-label={`Datos de ${heading}`}
        >
          <ProductDataCard form={form} categories={categories.data} />
          <ProductGroupsCard form={form} productId={product?.id} />
          <DaypartsCard form={form} category={category} />
          <DietaryCard form={form} />
          <SaveBar form={form} product={product} />
        </form>
        <BranchesAside product={product} />
      </div>
      <PreviewCard>
        {renderPreview(
          previewProduct(form.draft, product, {
            slug: category?.slug ?? 'categoria',
            title: category?.title ?? 'Categoría',
          }),
        )}
      </PreviewCard>
    </section>
  );
}

interface EditorHeadProps {
  product: AdminProduct | null;
  heading: string;
  onPublished: (version: number) => void;
}

/** The way back, the product's name, its address and, for a draft, its publication. */
function EditorHead({ product, heading, onPublished }: EditorHeadProps) {
  return (
    <div className={styles.head}>
      <Link to={panelHref.products()} className={buttonClass('ghost')}>
        ← Productos
      </Link>
      <h1 id="product-editor-title" className={styles.heading}>
        {heading}
        {product?.hidden ? <span className={styles.badge}>Oculto</span> : null}
      </h1>
      {product ? (
        <p className={styles.slug}>Dirección: /producto/{product.slug} (no cambia al renombrar)</p>
      ) : null}
      {product ? <DraftNote product={product} onPublished={onPublished} /> : null}
    </div>
  );
}

/** When the product is sold, and its category's hours it is sold within. */
function DaypartsCard({ form, category }: { form: ProductForm; category?: AdminCategory }) {
  const { draft, problems, set } = form;
  return (
    <div className={styles.card}>
      <DaypartsField
        label={draft.title || 'el producto'}
        name="dayparts"
        dayparts={draft.dayparts}
        onChange={(dayparts) => set('dayparts', dayparts)}
        error={problems.fields.dayparts}
      />
      {category && category.dayparts.length > 0 ? (
        <p className={styles.slug}>
          Su categoría se vende {describeDayparts(category.dayparts)}: el producto solo se ofrece
          cuando ambos horarios lo permiten.
        </p>
      ) : null}
    </div>
  );
}

function SaveBar({ form, product }: { form: ProductForm; product: AdminProduct | null }) {
  const { saving, saved } = form;
  return (
    <div className={styles.saveBar}>
      <Button type="submit" disabled={saving}>
        {saving ? 'Guardando…' : product ? 'Guardar cambios' : 'Crear producto'}
      </Button>
      <p role="status" className={styles.savedNote}>
        {saved && !saving
          ? product?.hidden
            ? 'Guardado. Es un borrador: la tienda no lo muestra hasta que lo publiques.'
            : 'Guardado. Las tiendas ya lo muestran así.'
          : ''}
      </p>
    </div>
  );
}

/**
 * En cada sede: where the product is offered and at what price, and its Estación de cocina, once
 * it exists.
 */
function BranchesAside({ product }: { product: AdminProduct | null }) {
  return (
    <aside className={styles.side}>
      {product ? (
        <>
          <section className={styles.card} aria-labelledby="branches-title">
            <h2 id="branches-title" className={styles.cardTitle}>
              En cada sede
            </h2>
            <BranchTable
              productId={product.id}
              productPrice={product.price}
              sizesPriced={!paysOwnPrice(product.modifier_group)}
            />
          </section>
          <ProductStationCard product={product} />
        </>
      ) : (
        <p className={styles.slug}>
          Después de crear el producto podrás elegir en qué sedes se ofrece y a qué precio.
        </p>
      )}
    </aside>
  );
}

/** Full width: the storefront's page lays itself out by the screen's width, as customers see it. */
function PreviewCard({ children }: { children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby="preview-title">
      <h2 id="preview-title" className={styles.cardTitle}>
        Vista previa
      </h2>
      <p className={styles.slug}>
        Así se ve en la página del producto, con los cambios sin guardar.
      </p>
      <div className={styles.preview} inert>
        {children}
      </div>
    </section>
  );
}
