import {
  ADMIN_MENU_MESSAGES,
  describeDayparts,
  type AdminCategory,
  type AdminCategoryBody,
} from '@comanda/shared';
import { readDayparts, storeDayparts } from '../../db/dayparts';
import { notFound } from '../../lib/http-error';
import { freeSlug, slugify } from '../../lib/slug';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../audit/service';
import { menuChange, visibilityAudit, type AdminMenuDeps } from './deps';
import type { AdminMenuRepository } from './repository';

/** Two admins creating "Postres" at once both pick `postres`: the loser tries the next suffix. */
export const SLUG_ATTEMPTS = 5;

type CategoryRow = Awaited<ReturnType<AdminMenuRepository['listCategories']>>[number];

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

export async function newSlug(
  repository: AdminMenuRepository,
  trx: DbExecutor,
  table: 'categories' | 'products',
  title: string,
) {
  const base = slugify(title, table === 'categories' ? 'categoria' : 'producto');
  return freeSlug(
    base,
    (await repository.slugsLike(trx, table, base)).map((r) => r.slug),
  );
}

/** One category as the list shows it, or null (read after its change committed). */
async function findCategory(
  { repository }: AdminMenuDeps,
  id: number,
): Promise<AdminCategory | null> {
  const row = (await repository.listCategories()).find((r) => r.id === id);
  return row ? toCategory(row) : null;
}

async function category(deps: AdminMenuDeps, id: number): Promise<AdminCategory> {
  const found = await findCategory(deps, id);
  if (!found) throw notFound(ADMIN_MENU_MESSAGES.categoryNotFound);
  return found;
}

/** The version check of one category: its 404 and its current copy. */
const categoryVersion = (deps: AdminMenuDeps, id: number, expected: number | undefined) => ({
  claim: (trx: DbExecutor) => deps.write.repository.claimVersion(trx, 'categories', id, expected),
  current: () => findCategory(deps, id),
  notFound: ADMIN_MENU_MESSAGES.categoryNotFound,
});

async function createCategory(
  deps: AdminMenuDeps,
  actor: AuditActor,
  body: AdminCategoryBody,
): Promise<AdminCategory> {
  const { repository, write } = deps;
  const id = await write.write({
    actor,
    retryOnUnique: SLUG_ATTEMPTS,
    change: async (trx) => {
      const slug = await newSlug(repository, trx, 'categories', body.title);
      const fields = categoryFields(body);
      const id = await repository.insertCategory(trx, {
        slug,
        ...fields,
        position: await repository.nextPosition(trx, 'categories'),
      });
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

async function updateCategory(
  deps: AdminMenuDeps,
  actor: AuditActor,
  id: number,
  body: AdminCategoryBody,
): Promise<AdminCategory> {
  const { repository, write } = deps;
  await write.write({
    actor,
    version: categoryVersion(deps, id, body.version),
    change: async (trx) => {
      const before = (await repository.findCategory(trx, id))!;
      const fields = categoryFields(body);
      // The slug stays: links, shared URLs and the storefront's cache keys use it (decision 020).
      await repository.updateCategory(trx, id, fields);
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

async function setCategoryHidden(
  deps: AdminMenuDeps,
  actor: AuditActor,
  id: number,
  body: { hidden: boolean; version?: number | undefined },
) {
  const { repository, write } = deps;
  await write.write({
    actor,
    version: categoryVersion(deps, id, body.version),
    change: async (trx) => {
      const before = (await repository.findCategory(trx, id))!;
      await repository.updateCategory(trx, id, { active: body.hidden ? 0 : 1 });
      return menuChange(visibilityAudit('category', id, body.hidden, `Categoría ${before.title}`));
    },
  });
  return category(deps, id);
}

async function reorderCategories(
  deps: AdminMenuDeps,
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
  return (await deps.repository.listCategories()).map(toCategory);
}

/** The back office's categories: slugs kept, hidden instead of deleted (decision 020). */
export function createCategoriesService(deps: AdminMenuDeps) {
  return {
    categories: async (): Promise<AdminCategory[]> =>
      (await deps.repository.listCategories()).map(toCategory),
    createCategory: (actor: AuditActor, body: AdminCategoryBody) =>
      createCategory(deps, actor, body),
    updateCategory: (actor: AuditActor, id: number, body: AdminCategoryBody) =>
      updateCategory(deps, actor, id, body),
    setCategoryHidden: (
      actor: AuditActor,
      id: number,
      body: { hidden: boolean; version?: number | undefined },
    ) => setCategoryHidden(deps, actor, id, body),
    reorderCategories: (actor: AuditActor, ids: number[]) => reorderCategories(deps, actor, ids),
  };
}
