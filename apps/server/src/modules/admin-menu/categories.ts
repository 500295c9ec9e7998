// The back office's categories: slugs kept, hidden instead of deleted (decision 020).
import {
  ADMIN_MENU_MESSAGES,
  describeDayparts,
  type AdminCategory,
  type AdminCategoryBody,
} from '@comanda/shared';
import { readDayparts, storeDayparts } from '../../db/dayparts';
import { notFound } from '../../lib/http-error';
import { insertUnderFreeSlug, slugify } from '../../lib/slug';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../audit/service';
import {
  findCategory,
  insertCategory,
  listCategories,
  setCategoryFields,
} from './categories-repository';
import { menuChange, visibilityAudit } from './menu-change';
import { nextPosition, slugsLike } from './menu-order-repository';
import type { MenuWriteDeps } from './types';

type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number];

const toCategory = (row: CategoryRow): AdminCategory => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  photo: row.photo,
  position: row.position,
  hidden: row.active === 0,
  products: Number(row.products),
  version: row.version,
  dayparts: readDayparts(row.dayparts),
});

/** The columns a category's editor writes; dayparts only when the body names them. */
const categoryFields = (body: AdminCategoryBody) => ({
  title: body.title,
  photo: body.photo,
  ...(body.dayparts === undefined ? {} : { dayparts: storeDayparts(body.dayparts) }),
});

/**
 * A new category or product under a free slug from its title: `insert(slug)` inserts it and
 * answers null when the slug was taken meanwhile, and the next one is tried (lib/slug.ts).
 */
export async function insertWithNewSlug(
  trx: DbExecutor,
  table: 'categories' | 'products',
  title: string,
  insert: (slug: string) => Promise<number | null>,
): Promise<{ id: number; slug: string }> {
  const base = slugify(title, table === 'categories' ? 'categoria' : 'producto');
  const taken = (await slugsLike(trx, table, base)).map((r) => r.slug);
  return insertUnderFreeSlug(base, taken, insert);
}

/** Every category, hidden ones too, with how many products each has. */
export async function categories({ write }: MenuWriteDeps): Promise<AdminCategory[]> {
  return (await listCategories(write.reader)).map(toCategory);
}

/** One category as the list shows it, or null (read after its change committed). */
async function listedCategory({ write }: MenuWriteDeps, id: number): Promise<AdminCategory | null> {
  const row = (await listCategories(write.reader)).find((r) => r.id === id);
  return row ? toCategory(row) : null;
}

async function category(deps: MenuWriteDeps, id: number): Promise<AdminCategory> {
  const found = await listedCategory(deps, id);
  if (!found) throw notFound(ADMIN_MENU_MESSAGES.categoryNotFound);
  return found;
}

/** The version check of one category: its 404 and its current copy. */
const categoryVersion = (deps: MenuWriteDeps, id: number, expected: number | undefined) => ({
  claim: (trx: DbExecutor) => deps.write.repository.claimVersion(trx, 'categories', id, expected),
  current: () => listedCategory(deps, id),
  notFound: ADMIN_MENU_MESSAGES.categoryNotFound,
});

export async function createCategory(
  deps: MenuWriteDeps,
  actor: AuditActor,
  body: AdminCategoryBody,
): Promise<AdminCategory> {
  const { write } = deps;
  const id = await write.write({
    actor,
    change: async (trx) => {
      const fields = categoryFields(body);
      const position = await nextPosition(trx, 'categories');
      const { id, slug } = await insertWithNewSlug(trx, 'categories', body.title, (slug) =>
        insertCategory(trx, { slug, ...fields, position }),
      );
      const audit = {
        action: 'create' as const,
        entity: 'category',
        entity_id: id,
        summary: `Categoría ${body.title}`,
        after: { slug, title: body.title, photo: body.photo, dayparts: body.dayparts ?? [] },
      };
      return menuChange(audit, id);
    },
  });
  return category(deps, id);
}

export async function updateCategory(
  deps: MenuWriteDeps,
  actor: AuditActor,
  id: number,
  body: AdminCategoryBody,
): Promise<AdminCategory> {
  const { write } = deps;
  await write.write({
    actor,
    version: categoryVersion(deps, id, body.version),
    change: async (trx) => {
      const before = (await findCategory(trx, id))!;
      const fields = categoryFields(body);
      // The slug stays: links, shared URLs and the storefront's cache keys use it (decision 020).
      await setCategoryFields(trx, id, fields);
      const parts = [
        before.title !== body.title ? `nombre «${before.title}» → «${body.title}»` : null,
        before.photo !== body.photo ? 'foto' : null,
        fields.dayparts !== undefined && fields.dayparts !== before.dayparts
          ? `horario de venta ${describeDayparts(body.dayparts ?? [])}`
          : null,
      ].filter(Boolean);
      const summary = `Categoría ${body.title}: ${parts.length > 0 ? parts.join(', ') : 'sin cambios'}`;
      const audit = {
        action: 'update' as const,
        entity: 'category',
        entity_id: id,
        summary,
        before: {
          title: before.title,
          photo: before.photo,
          dayparts: readDayparts(before.dayparts),
        },
        after: { title: body.title, photo: body.photo, dayparts: body.dayparts },
      };
      return menuChange(audit);
    },
  });
  return category(deps, id);
}

export async function setCategoryHidden(
  deps: MenuWriteDeps,
  actor: AuditActor,
  id: number,
  body: { hidden: boolean; version?: number | undefined },
) {
  const { write } = deps;
  await write.write({
    actor,
    version: categoryVersion(deps, id, body.version),
    change: async (trx) => {
      const before = (await findCategory(trx, id))!;
      await setCategoryFields(trx, id, { active: body.hidden ? 0 : 1 });
      return menuChange(visibilityAudit('category', id, body.hidden, `Categoría ${before.title}`));
    },
  });
  return category(deps, id);
}

export async function reorderCategories(
  deps: MenuWriteDeps,
  actor: AuditActor,
  ids: number[],
): Promise<AdminCategory[]> {
  await deps.write.write({
    actor,
    change: async (trx) => {
      await deps.write.reorder(
        trx,
        { table: 'categories' },
        ids,
        ADMIN_MENU_MESSAGES.categoryOrder,
      );
      const audit = {
        action: 'reorder' as const,
        entity: 'category',
        summary: 'Nuevo orden de las categorías',
        after: { ids },
      };
      return menuChange(audit);
    },
  });
  return categories(deps);
}
