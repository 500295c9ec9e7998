// The back office's products with their option groups, under a version check (decision 020).
import {
  ADMIN_MENU_MESSAGES,
  foldText,
  formatMoney,
  PRODUCT_PLACEHOLDER_IMAGE,
  type AdminProduct,
  type AdminProductBody,
  type AdminProductSummary,
  type AdminProductUpdateBody,
} from '@comanda/shared';
import { readDayparts, storeDayparts } from '../../db/dayparts';
import { readAllergens, readTags, storeAllergens, storeTags } from '../../db/dietary';
import type { DbExecutor } from '../../db/types';
import { invalidField, notFound } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { insertWithNewSlug } from './categories';
import { findCategory } from './categories-repository';
import { menuChange, productChange, visibilityAudit } from './menu-change';
import { nextPosition } from './menu-order-repository';
import { productChanges, productRecord, saveGroups } from './product-groups';
import { groupsOf } from './product-groups-repository';
import {
  findProduct,
  insertProduct,
  listProductRows,
  setProductActive,
  saveEditorFields,
} from './products-repository';
import type { MenuWriteDeps } from './types';

type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export const toSummary = (
  row: Omit<
    ProductRow,
    'description' | 'description_eco' | 'dayparts' | 'allergens' | 'tags' | 'station_id'
  >,
): AdminProductSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  category_id: row.category_id,
  category_title: row.category_title,
  price: row.price,
  image: row.image,
  position: row.position,
  hidden: row.active === 0,
  version: row.version,
});

/** A product with its visible groups, as the editor reads it; null when there is none. */
export async function loadProduct(executor: DbExecutor, id: number): Promise<AdminProduct | null> {
  const row = await findProduct(executor, id);
  if (!row) return null;
  const { groups, options } = await groupsOf(executor, id);
  return {
    ...toSummary(row),
    description: row.description,
    description_eco: row.description_eco,
    modifier_group: groups.map((g) => ({
      id: g.id,
      title: g.title,
      required: g.required === 1,
      type_input: g.type_input === 2 ? 2 : 1,
      min: g.min_choices,
      max: g.max_choices,
      modifiers_product: options
        .filter((o) => o.group_id === g.id)
        .map((o) => ({ id: o.id, title: o.title, price: o.price })),
    })),
    dayparts: readDayparts(row.dayparts),
    allergens: readAllergens(row.allergens),
    tags: readTags(row.tags),
    station_id: row.station_id ?? null,
  };
}

/** The version check of one product, with the editor's own 409 message (decision 020). */
const productVersion = ({ write }: MenuWriteDeps, id: number, expected: number | undefined) => ({
  claim: (trx: DbExecutor) => write.repository.claimVersion(trx, 'products', id, expected),
  current: () => loadProduct(write.reader, id),
  notFound: ADMIN_MENU_MESSAGES.productNotFound,
  conflict: ADMIN_MENU_MESSAGES.conflict,
});

const editorFields = (body: AdminProductBody) => ({
  category_id: body.category_id,
  title: body.title,
  description: body.description,
  description_eco: body.description_eco,
  image: body.image === '' ? PRODUCT_PLACEHOLDER_IMAGE : body.image,
  price: body.price,
  ...(body.dayparts === undefined ? {} : { dayparts: storeDayparts(body.dayparts) }),
  ...(body.allergens === undefined ? {} : { allergens: storeAllergens(body.allergens) }),
  ...(body.tags === undefined ? {} : { tags: storeTags(body.tags) }),
});

async function mustCategory(trx: DbExecutor, id: number) {
  if (!(await findCategory(trx, id)))
    throw invalidField('category_id', ADMIN_MENU_MESSAGES.categoryNotFound);
}

export async function createProduct(
  deps: MenuWriteDeps,
  actor: AuditActor,
  body: AdminProductBody,
): Promise<AdminProduct> {
  const { write } = deps;
  const id = await write.write({
    actor,
    change: async (trx) => {
      await mustCategory(trx, body.category_id);
      if (
        body.modifier_group.some(
          (g) => g.id !== undefined || g.modifiers_product.some((o) => o.id !== undefined),
        )
      )
        throw invalidField('modifier_group', ADMIN_MENU_MESSAGES.unknownGroup);
      const position = await nextPosition(trx, 'products', body.category_id);
      const { id, slug } = await insertWithNewSlug(trx, 'products', body.title, (slug) =>
        insertProduct(trx, { ...editorFields(body), slug, position }),
      );
      // A draft: hidden from every storefront until an admin publishes it from its editor.
      await setProductActive(trx, id, 0);
      await saveGroups(trx, id, body.modifier_group);
      const created = (await loadProduct(trx, id))!;
      const summary = `Producto ${body.title} (${formatMoney(body.price)}), borrador`;
      const after = { slug, hidden: true, ...productRecord(created) };
      return menuChange({ action: 'create', entity: 'product', entity_id: id, summary, after }, id);
    },
  });
  return (await loadProduct(write.reader, id))!;
}

/**
 * Saves the editor's fields only when nobody saved the product since the editor read it (its
 * `version`): otherwise 409 with the product as it is now, and nothing changes (decision 020).
 */
export async function updateProduct(
  deps: MenuWriteDeps,
  actor: AuditActor,
  id: number,
  body: AdminProductUpdateBody,
): Promise<AdminProduct> {
  const { write } = deps;
  await write.write({
    actor,
    version: productVersion(deps, id, body.version),
    change: async (trx) => {
      const before = (await loadProduct(trx, id))!;
      await mustCategory(trx, body.category_id);
      const moved = body.category_id !== before.category_id;
      const position = moved
        ? { position: await nextPosition(trx, 'products', body.category_id) }
        : {};
      await saveEditorFields(trx, id, { ...editorFields(body), ...position });
      await saveGroups(trx, id, body.modifier_group);
      const after = (await loadProduct(trx, id))!;
      const audit = {
        action: 'update' as const,
        entity: 'product',
        entity_id: id,
        summary: productChanges(before, after),
        before: productRecord(before),
        after: productRecord(after),
      };
      // Moved or given other dayparts, it can list or unlist a category on the menu.
      const menu = moved || JSON.stringify(before.dayparts) !== JSON.stringify(after.dayparts);
      return productChange(trx, audit, {
        slug: after.slug,
        categoryIds: [before.category_id, after.category_id],
        menu,
      });
    },
  });
  return (await loadProduct(write.reader, id))!;
}

export async function setProductHidden(
  deps: MenuWriteDeps,
  actor: AuditActor,
  id: number,
  body: { hidden: boolean; version?: number | undefined },
) {
  const { write } = deps;
  await write.write({
    actor,
    version: productVersion(deps, id, body.version),
    change: async (trx) => {
      const before = (await findProduct(trx, id))!;
      await setProductActive(trx, id, body.hidden ? 0 : 1);
      return productChange(
        trx,
        visibilityAudit('product', id, body.hidden, `Producto ${before.title}`),
        // Its category may be listed or unlisted with it (one with no product shown is not).
        { slug: before.slug, categoryIds: [before.category_id], menu: true },
      );
    },
  });
  return toSummary((await findProduct(write.reader, id))!);
}

export async function reorderProducts(
  deps: MenuWriteDeps,
  actor: AuditActor,
  categoryId: number,
  ids: number[],
): Promise<AdminProductSummary[]> {
  const { write } = deps;
  await write.write({
    actor,
    change: async (trx) => {
      const found = await findCategory(trx, categoryId);
      if (!found) throw notFound(ADMIN_MENU_MESSAGES.categoryNotFound);
      await write.reorder(
        trx,
        { table: 'products', categoryId },
        ids,
        ADMIN_MENU_MESSAGES.productOrder,
      );
      const summary = `Nuevo orden de los productos de ${found.title}`;
      const after = { category_id: categoryId, ids };
      return menuChange({ action: 'reorder', entity: 'product', summary, after });
    },
  });
  return (await listProductRows(write.reader, categoryId)).map(toSummary);
}

/** Every product (hidden too), of one category or all, whose title holds the words. */
export async function listProducts(
  { write }: MenuWriteDeps,
  query: { q?: string | undefined; category_id?: number | undefined },
) {
  const words = foldText(query.q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const rows = await listProductRows(write.reader, query.category_id);
  return rows
    .filter((row) => words.every((word) => foldText(row.title).includes(word)))
    .map(toSummary);
}

/** One product as its editor reads it; 404 when there is none. */
export async function product({ write }: MenuWriteDeps, id: number): Promise<AdminProduct> {
  const found = await loadProduct(write.reader, id);
  if (!found) throw notFound(ADMIN_MENU_MESSAGES.productNotFound);
  return found;
}
