import { foldText, type AdminCategory } from '@comanda/shared';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { Button, buttonClass } from '@/components/ui/button';
import { panelHref } from '@/config/panel-paths';
import { useAdminCategories } from '../api/get-categories';
import { useReorderCategories } from '../api/reorder-categories';
import { useSetCategoryVisibility } from '../api/set-category-visibility';
import { useMenuOrder, type MenuOrder } from '../hooks/use-menu-order';
import { inPendingOrder } from '../lib/move';
import { CategoryForm } from './category-form';
import { MenuRow, MoveButtons } from './menu-row';
import styles from './menu-list.module.css';

/** The categories in the order being saved, those the search finds, and how to move them. */
function useCategoryRows(search: string) {
  const categories = useAdminCategories();
  const reorder = useReorderCategories();
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
  const order = useMenuOrder(all, orderable, reorder.isPending, (ids, onSaved) =>
    reorder.mutate(ids, { onSuccess: onSaved }),
  );
  return { categories, reorder, all, shown, orderable, order };
}

/** Menú › Categorías: search, order by dragging or with arrows, hide or show, create and edit. */
export function CategoriesScreen() {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [notice, setNotice] = useState('');

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
      <CategoryList search={search} onEdit={setEditing} />
    </AdminSection>
  );
}

function CategoryList({
  search,
  onEdit,
}: {
  search: string;
  onEdit: (category: AdminCategory) => void;
}) {
  const { categories, reorder, all, shown, orderable, order } = useCategoryRows(search);
  const visibility = useSetCategoryVisibility();
  return (
    <>
      <p className="visually-hidden" role="status">
        {order.announce}
      </p>
      <AdminList
        look="rows"
        query={categories}
        items={shown}
        loading="Cargando categorías…"
        failed="No pudimos cargar las categorías."
        empty={<>Ninguna categoría coincide con «{search}».</>}
        problem={(reorder.error ?? visibility.error)?.message}
      >
        {(category) => (
          <CategoryRow
            key={category.id}
            category={category}
            index={all.indexOf(category)}
            count={all.length}
            orderable={orderable}
            order={order}
            onToggle={() =>
              visibility.mutate({
                id: category.id,
                hidden: !category.hidden,
                version: category.version,
              })
            }
            onEdit={() => onEdit(category)}
          />
        )}
      </AdminList>
    </>
  );
}

function CategoryRow(props: {
  category: AdminCategory;
  index: number;
  count: number;
  orderable: boolean;
  order: MenuOrder;
  onToggle: () => void;
  onEdit: () => void;
}) {
  const { category } = props;
  return (
    <MenuRow
      index={props.index}
      order={props.order}
      orderable={props.orderable}
      hidden={category.hidden}
      image={category.photo}
      info={<CategoryInfo category={category} />}
      actions={
        <>
          <MoveButtons
            title={category.title}
            index={props.index}
            count={props.count}
            order={props.order}
          />
          <Button
            variant="secondary"
            onClick={props.onToggle}
            aria-label={`${category.hidden ? 'Mostrar' : 'Ocultar'} ${category.title}`}
          >
            {category.hidden ? 'Mostrar' : 'Ocultar'}
          </Button>
          <Button
            variant="secondary"
            onClick={props.onEdit}
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
        </>
      }
    />
  );
}

function CategoryInfo({ category }: { category: AdminCategory }) {
  return (
    <>
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
    </>
  );
}

/** What a saved category's form leaves on the screen: new ones wait for a product to be shown. */
function categorySaved(category: AdminCategory, created: boolean): string {
  if (created)
    return `Categoría ${category.title} creada. La tienda la muestra cuando tenga un producto publicado.`;
  return `Guardado: ${category.title}. Las tiendas ya la muestran así.`;
}
