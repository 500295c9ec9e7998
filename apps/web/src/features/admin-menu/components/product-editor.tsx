import {
  ADMIN_MENU_MESSAGES,
  describeDayparts,
  paysOwnPrice,
  type AdminProduct,
  type Product,
} from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { DaypartsField } from '@/components/admin/dayparts-field';
import { ImageField } from '@/components/admin/image-field';
import { resolveMerge } from '@/lib/form/three-way-merge';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField, TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useAdminCategories } from '../api/get-categories';
import { adminProductQueryOptions, useAdminProduct } from '../api/get-product';
import { useAdminProducts } from '../api/get-products';
import { useSaveProduct } from '../api/save-product';
import {
  bodyFrom,
  checkDraft,
  draftFrom,
  draftPaysOwnPrice,
  emptyDraft,
  groupDrafts,
  hasDraftProblems,
  previewProduct,
  PRODUCT_FIELDS,
  type DraftProblems,
  type ProductDraft,
  type ProductField,
} from '../lib/product-draft';
import {
  conflictRows,
  isProductField,
  productConflict,
  type ProductConflict,
} from '../lib/product-conflict';
import { BranchTable } from './branch-table';
import { DraftNote } from './draft-note';
import { GroupsEditor } from './groups-editor';
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

const noProblems: DraftProblems = { fields: {}, groups: {} };

function EditorForm({ product, initial, renderPreview, onReload }: EditorFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useAdminCategories();
  const others = useAdminProducts({ q: '', category_id: null });
  const save = useSaveProduct();
  const [draft, setDraft] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [answered, setAnswered] = useState<DraftProblems>(noProblems);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  // A 409: the other admin's save, and this draft merged with it field by field.
  const [conflict, setConflict] = useState<ProductConflict | null>(null);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  // What the next save claims to replace: the loaded product, or the other admin's after a merge.
  const [base, setBase] = useState({ draft: initial, version: product?.version ?? null });
  const [saved, setSaved] = useState(false);
  const [copyFrom, setCopyFrom] = useState('');
  const messageRef = useRef<HTMLDivElement>(null);
  // Leaving with edits not saved asks first (a link, a tab, closing the tab).
  useUnsavedChanges(!saved && JSON.stringify(draft) !== JSON.stringify(base.draft));

  const local = attempted ? checkDraft(draft) : noProblems;
  const problems: DraftProblems = {
    fields: { ...answered.fields, ...local.fields },
    groups: { ...answered.groups, ...local.groups },
  };
  const set = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setSaved(false);
    setAnswered((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };
  const bind = (
    field: Exclude<ProductField, 'modifier_group' | 'image' | 'category_id' | 'dayparts'>,
  ) => ({
    name: field,
    value: draft[field],
    error: problems.fields[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  const category = categories.data?.find((c) => String(c.id) === draft.category_id);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setAnswered(noProblems);
    setFormMessage(null);
    const found = checkDraft(draft);
    if (hasDraftProblems(found)) {
      const first = PRODUCT_FIELDS.find((field) => found.fields[field]);
      event.currentTarget
        .querySelector<HTMLElement>(first ? `[name="${first}"]` : 'fieldset[aria-describedby]')
        ?.focus();
      return;
    }
    try {
      const result = await save.mutateAsync({
        id: product?.id ?? null,
        body: bodyFrom(draft),
        version: base.version,
      });
      setSaved(true);
      setBase({ draft, version: result.version });
      if (!product) void navigate(panelHref.product(result.id), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const found = productConflict(error.message, error.body, {
          base: base.draft,
          yours: draft,
        });
        if (found) setConflict(found);
        else setStaleMessage(error.message);
        messageRef.current?.focus();
        return;
      }
      if (error instanceof ApiError && error.errors) {
        const fields: DraftProblems['fields'] = {};
        const stray: string[] = [];
        for (const [name, messages] of Object.entries(error.errors)) {
          if ((PRODUCT_FIELDS as readonly string[]).includes(name))
            fields[name as ProductField] = messages[0];
          else stray.push(...messages);
        }
        setAnswered({ fields, groups: {} });
        setFormMessage(stray.join(' ') || null);
      } else
        setFormMessage(error instanceof Error ? error.message : 'No pudimos guardar el producto.');
    }
  }

  async function copyGroups() {
    const source = Number(copyFrom);
    if (!source) return;
    const from = await queryClient.fetchQuery(adminProductQueryOptions(source));
    set('groups', [...draft.groups, ...groupDrafts(from.modifier_group, false)]);
  }

  const heading = product ? product.title : 'Nuevo producto';
  const preview = previewProduct(draft, product, {
    slug: category?.slug ?? 'categoria',
    title: category?.title ?? 'Categoría',
  });

  return (
    <section className={styles.editor} aria-labelledby="product-editor-title">
      <title>{pageTitle(`${heading} · Menú · Administración`)}</title>
      <div className={styles.head}>
        <Link to={panelHref.products()} className={buttonClass('ghost')}>
          ← Productos
        </Link>
        <h1 id="product-editor-title" className={styles.heading}>
          {heading}
          {product?.hidden ? <span className={styles.badge}>Oculto</span> : null}
        </h1>
        {product ? (
          <p className={styles.slug}>
            Dirección: /producto/{product.slug} (no cambia al renombrar)
          </p>
        ) : null}
        {product ? (
          <DraftNote
            product={product}
            onPublished={(version) => setBase((current) => ({ ...current, version }))}
          />
        ) : null}
      </div>

      <div ref={messageRef} tabIndex={-1} className={styles.messages}>
        {conflict ? (
          <ConflictChoice
            message={conflict.message}
            {...conflictRows(
              conflict,
              draft,
              (id) => categories.data?.find((c) => String(c.id) === id)?.title ?? id,
            )}
            onResolve={(takeTheirs) => {
              const fields = [...takeTheirs].filter(isProductField);
              setDraft(resolveMerge(conflict.merge, conflict.theirs, new Set(fields)));
              setBase({ draft: conflict.theirs, version: conflict.current.version });
              setConflict(null);
              setSaved(false);
            }}
          />
        ) : null}
        {staleMessage ? (
          <div className={styles.conflict} role="alert">
            <p>{staleMessage}</p>
            <Button
              onClick={() => {
                setStaleMessage(null);
                setAttempted(false);
                onReload();
              }}
            >
              Recargar
            </Button>
          </div>
        ) : null}
        {formMessage ? (
          <p className={styles.formError} role="alert">
            {formMessage}
          </p>
        ) : null}
      </div>

      <div className={styles.layout}>
        <form
          className={styles.form}
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={`Datos de ${heading}`}
        >
          <div className={styles.card}>
            <h2 className={styles.cardTitle}>Datos</h2>
            <TextField label="Nombre" autoComplete="off" maxLength={120} {...bind('title')} />
            <SelectField
              name="category_id"
              label="Categoría"
              value={draft.category_id}
              error={problems.fields.category_id}
              onChange={(e) => set('category_id', e.target.value)}
            >
              <option value="">Elige una categoría</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                  {c.hidden ? ' (oculta)' : ''}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Precio base ($)"
              inputMode="numeric"
              autoComplete="off"
              hint={
                draftPaysOwnPrice(draft)
                  ? 'En pesos, sin centavos. Si el tamaño tiene precio, ese es el precio.'
                  : 'No se cobra: cada tamaño tiene su precio, y el menú muestra «Desde» el más barato.'
              }
              {...bind('price')}
            />
            <TextField
              label="Descripción corta"
              autoComplete="off"
              maxLength={300}
              hint="Se ve en la lista del menú."
              {...bind('description_eco')}
            />
            <label className={styles.field}>
              <span className={styles.label}>Descripción</span>
              <textarea
                className={`${styles.input} ${styles.textarea}`}
                name="description"
                value={draft.description}
                maxLength={2000}
                onChange={(e) => set('description', e.target.value)}
                aria-invalid={problems.fields.description ? true : undefined}
              />
              {problems.fields.description ? (
                <span className={styles.fieldError}>{problems.fields.description}</span>
              ) : null}
            </label>
            <ImageField
              label="Foto"
              kind="product"
              hint="Opcional. JPEG, PNG o WebP, hasta 5 MB. Sin foto, la tienda muestra un plato vacío."
              value={draft.image}
              onChange={(url) => set('image', url)}
              error={problems.fields.image}
            />
          </div>

          <div className={styles.card}>
            <h2 className={styles.cardTitle}>Grupos de opciones</h2>
            <GroupsEditor
              groups={draft.groups}
              onChange={(groups) => set('groups', groups)}
              problems={problems.groups}
            />
            {problems.fields.modifier_group ? (
              <p className={styles.fieldError}>{problems.fields.modifier_group}</p>
            ) : null}
            <div className={styles.copy}>
              <label className={styles.field}>
                <span className={styles.label}>Copiar grupos de otro producto</span>
                <select
                  className={styles.input}
                  value={copyFrom}
                  onChange={(e) => setCopyFrom(e.target.value)}
                >
                  <option value="">Elige un producto</option>
                  {(others.data ?? [])
                    .filter((p) => p.id !== product?.id)
                    .map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.title} ({p.category_title})
                      </option>
                    ))}
                </select>
              </label>
              <Button variant="secondary" disabled={!copyFrom} onClick={() => void copyGroups()}>
                Copiar grupos
              </Button>
            </div>
          </div>

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
                Su categoría se vende {describeDayparts(category.dayparts)}: el producto solo se
                ofrece cuando ambos horarios lo permiten.
              </p>
            ) : null}
          </div>

          <div className={styles.saveBar}>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Guardando…' : product ? 'Guardar cambios' : 'Crear producto'}
            </Button>
            <p role="status" className={styles.savedNote}>
              {saved && !save.isPending
                ? product?.hidden
                  ? 'Guardado. Es un borrador: la tienda no lo muestra hasta que lo publiques.'
                  : 'Guardado. Las tiendas ya lo muestran así.'
                : ''}
            </p>
          </div>
        </form>

        <aside className={styles.side}>
          {product ? (
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
          ) : (
            <p className={styles.slug}>
              Después de crear el producto podrás elegir en qué sedes se ofrece y a qué precio.
            </p>
          )}
        </aside>
      </div>

      {/* Full width: the storefront's page lays itself out by the screen's width, as customers see it. */}
      <section className={styles.card} aria-labelledby="preview-title">
        <h2 id="preview-title" className={styles.cardTitle}>
          Vista previa
        </h2>
        <p className={styles.slug}>
          Así se ve en la página del producto, con los cambios sin guardar.
        </p>
        <div className={styles.preview} inert>
          {renderPreview(preview)}
        </div>
      </section>
    </section>
  );
}
