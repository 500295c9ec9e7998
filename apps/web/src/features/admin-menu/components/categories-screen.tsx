import { foldText, type AdminCategory } from '@comanda/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminSection } from '@/components/admin/admin-section';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { useAdminCategories } from '../api/get-categories';
import { useReorderCategories } from '../api/reorder-categories';
import { useSetCategoryVisibility } from '../api/set-category-visibility';
import { useDragReorder } from '../hooks/use-drag-reorder';
import { inPendingOrder, moveItem } from '../lib/move';
import { DragHandle } from './drag-handle';
import { CategoryForm } from './category-form';
import records from '@/components/admin/record-list.module.css';
import styles from './menu-list.module.css';
import { panelHref } from '@/config/panel-paths';

/** Menú › Categorías: search, order by dragging or with arrows, hide or show, create and edit. */
export function CategoriesScreen() {
  const categories = useAdminCategories();
  const reorder = useReorderCategories();
  const visibility = useSetCategoryVisibility();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [announce, setAnnounce] = useState('');
  const [notice, setNotice] = useState('');

  const all = inPendingOrder(
    categories.data ?? [],
    reorder.isPending ? reorder.variables : undefined,
  );
  const words = foldText(search).split(/\s+/).filter(Boolean);
  const shown = all.filter((category) =>
    words.every((word) => foldText(category.title).includes(word)),
  );
  // Arrows move within the whole list: with a search they would jump over hidden rows.
  const orderable = words.length === 0;
  const canReorder = orderable && !reorder.isPending;

  const move = (from: number, to: number) => {
    const category = all[from]!;
    const ids = moveItem(all, from, to).map((c) => c.id);
    reorder.mutate(ids, {
      onSuccess: () => setAnnounce(`${category.title}: posición ${to + 1} de ${all.length}`),
    });
  };
  const drag = useDragReorder(all.length, move, canReorder);

  return (
    <AdminSection
      title="Categorías"
      description="El orden de esta lista es el orden del menú en todas las tiendas."
      actions={
        <Button
          onClick={() => {
            setNotice('');
            setEditing('new');
          }}
          disabled={editing !== null}
        >
          Nueva categoría
        </Button>
      }
      search={{ label: 'Buscar categoría', value: search, onChange: setSearch }}
      notice={notice}
    >
      {editing !== null ? (
        <CategoryForm
          key={editing === 'new' ? 'new' : editing.id}
          category={editing === 'new' ? null : editing}
          onDone={(saved) => {
            if (saved) setNotice(categorySaved(saved, editing === 'new'));
            setEditing(null);
          }}
        />
      ) : null}
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {reorder.isError || visibility.isError ? (
        <p role="alert" className={records.state}>
          {(reorder.error ?? visibility.error)?.message}
        </p>
      ) : null}
      {categories.isPending ? (
        <p className={records.state}>Cargando categorías…</p>
      ) : categories.isError ? (
        <ErrorState
          message="No pudimos cargar las categorías."
          onRetry={() => void categories.refetch()}
        />
      ) : shown.length === 0 ? (
        <p className={records.state}>Ninguna categoría coincide con «{search}».</p>
      ) : (
        <ul className={records.list}>
          {shown.map((category) => {
            const index = all.indexOf(category);
            return (
              <li
                key={category.id}
                className={`${styles.row} ${orderable ? styles.rowDraggable : ''} ${category.hidden ? styles.rowHidden : ''}`}
                {...drag.rowProps(index)}
              >
                {orderable ? <DragHandle {...drag.handleProps(index)} /> : null}
                {category.photo ? (
                  <img
                    className={styles.thumb}
                    src={category.photo}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                ) : (
                  <span className={styles.thumb} />
                )}
                <div className={styles.info}>
                  <span className={styles.title}>
                    {category.title}
                    {category.hidden ? <span className={styles.badge}>Oculta</span> : null}
                    {!category.hidden && category.products === 0 ? (
                      // The storefront lists no category without a product to show.
                      <span className={styles.badge}>Vacía: la tienda no la muestra</span>
                    ) : null}
                  </span>
                  <span className={styles.meta}>
                    {category.products === 1 ? '1 producto' : `${category.products} productos`} · /
                    {category.slug}
                  </span>
                </div>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={`Subir ${category.title}`}
                    disabled={!canReorder || index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={`Bajar ${category.title}`}
                    disabled={!canReorder || index === all.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      visibility.mutate({
                        id: category.id,
                        hidden: !category.hidden,
                        version: category.version,
                      })
                    }
                    aria-label={`${category.hidden ? 'Mostrar' : 'Ocultar'} ${category.title}`}
                  >
                    {category.hidden ? 'Mostrar' : 'Ocultar'}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setEditing(category)}
                    aria-label={`Editar ${category.title}`}
                  >
                    Editar
                  </Button>
                  <Link
                    className={buttonClass('ghost')}
                    to={`${panelHref.products()}?categoria=${category.id}`}
                    aria-label={`Productos de ${category.title}`}
                  >
                    Productos
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminSection>
  );
}

/** What a saved category's form leaves on the screen: new ones wait for a product to be shown. */
function categorySaved(category: AdminCategory, created: boolean): string {
  if (created)
    return `Categoría ${category.title} creada. La tienda la muestra cuando tenga un producto publicado.`;
  return `Guardado: ${category.title}. Las tiendas ya la muestran así.`;
}
