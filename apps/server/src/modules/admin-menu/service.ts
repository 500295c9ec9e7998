import {
  ADMIN_MENU_MESSAGES,
  formatMoney,
  type AdminBranchProduct,
  type AdminBranchProductBody,
  type AdminCategory,
  type AdminCategoryBody,
  type AdminGroupInput,
  type AdminProduct,
  type AdminProductBody,
  type AdminProductSummary,
  type AdminProductUpdateBody,
  foldText,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { HttpError, notFound } from '../../lib/http-error';
import { freeSlug, slugify } from '../../lib/slug';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { CatalogChange } from '../../plugins/catalog-events';
import type { AuditActor, AuditService } from '../audit/service';
import type { AdminMenuRepository } from './repository';

/** A 400 for one field, in the API's `{errors: {field: [mensaje]}}` shape. */
const invalid = (field: string, message: string) => new HttpError(400, message, { errors: { [field]: [message] } });
const conflict = () => new HttpError(409, ADMIN_MENU_MESSAGES.conflict);

/** Two admins creating "Postres" at once both pick `postres`: the loser tries the next suffix. */
const SLUG_ATTEMPTS = 5;

const yesNo = (value: boolean) => (value ? 'sí' : 'no');

export function createAdminMenuService(options: {
  repository: AdminMenuRepository;
  audit: AuditService;
  /** Tells every node (and through them every storefront) after a committed change. */
  publish: (change: CatalogChange) => Promise<void>;
}) {
  const { repository, audit, publish } = options;
  const db = repository.reader;

  /** Runs a change in one transaction, again with a fresh slug when another took it meanwhile. */
  async function withSlugRetry<T>(change: (trx: DbExecutor) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await repository.transaction(change);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  async function newSlug(trx: DbExecutor, table: 'categories' | 'products', title: string) {
    const base = slugify(title, table === 'categories' ? 'categoria' : 'producto');
    return freeSlug(base, (await repository.slugsLike(trx, table, base)).map((r) => r.slug));
  }

  /** One category as the list shows it (read after its change committed). */
  async function category(id: number): Promise<AdminCategory> {
    const row = (await repository.listCategories()).find((r) => r.id === id);
    if (!row) throw notFound(ADMIN_MENU_MESSAGES.categoryNotFound);
    return toCategory(row);
  }

  const toCategory = (row: Awaited<ReturnType<AdminMenuRepository['listCategories']>>[number]): AdminCategory => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    photo: row.photo,
    position: row.position,
    hidden: row.active === 0,
    products: Number(row.products),
  });

  async function mustCategory(executor: DbExecutor, id: number) {
    const found = await repository.findCategory(executor, id);
    if (!found) throw notFound(ADMIN_MENU_MESSAGES.categoryNotFound);
    return found;
  }

  async function mustProduct(executor: DbExecutor, id: number) {
    const found = await repository.findProduct(executor, id);
    if (!found) throw notFound(ADMIN_MENU_MESSAGES.productNotFound);
    return found;
  }

  async function product(executor: DbExecutor, id: number): Promise<AdminProduct | null> {
    const row = await repository.findProduct(executor, id);
    if (!row) return null;
    const { groups, options } = await repository.groupsOf(executor, id);
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
        modifiers_product: options.filter((o) => o.group_id === g.id).map((o) => ({ id: o.id, title: o.title, price: o.price })),
      })),
    };
  }

  const toSummary = (row: {
    id: number;
    slug: string;
    title: string;
    category_id: number;
    category_title: string;
    price: number;
    image: string;
    position: number;
    active: number;
    version: number;
  }): AdminProductSummary => ({
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

  /**
   * Writes the editor's groups: named ids are updated (and shown again), new ones inserted, and
   * whatever the product had that the list leaves out is hidden, never deleted (decision 020).
   */
  async function saveGroups(trx: DbExecutor, productId: number, groups: AdminGroupInput[]) {
    const known = await repository.allGroupIds(trx, productId);
    const knownGroups = new Set(known.groups);
    const knownOptions = new Set(known.options.map((o) => o.id));
    // Group ids and option ids are counted apart: they come from different tables and may be equal.
    const namedGroups = groups.map((g) => g.id).filter((id) => id !== undefined);
    const namedOptions = groups.flatMap((g) => g.modifiers_product.map((o) => o.id)).filter((id) => id !== undefined);
    if (new Set(namedGroups).size !== namedGroups.length || new Set(namedOptions).size !== namedOptions.length)
      throw invalid('modifier_group', ADMIN_MENU_MESSAGES.unknownGroup);
    for (const group of groups) {
      if (group.id !== undefined && !knownGroups.has(group.id)) throw invalid('modifier_group', ADMIN_MENU_MESSAGES.unknownGroup);
      if (group.modifiers_product.some((o) => o.id !== undefined && !knownOptions.has(o.id)))
        throw invalid('modifier_group', ADMIN_MENU_MESSAGES.unknownGroup);
    }

    const keptGroups: number[] = [];
    const keptOptions: number[] = [];
    for (const [position, group] of groups.entries()) {
      const multiple = group.type_input === 2;
      const row = {
        title: group.title,
        required: group.required ? 1 : 0,
        type_input: group.type_input,
        // A single choice always allows exactly one: limits there would only confuse.
        min_choices: multiple ? (group.min ?? null) : null,
        max_choices: multiple ? (group.max ?? null) : null,
        position,
      };
      let groupId: number;
      if (group.id === undefined) groupId = await repository.insertGroup(trx, { product_id: productId, ...row });
      else {
        groupId = group.id;
        await repository.updateGroup(trx, groupId, row);
      }
      keptGroups.push(groupId);
      for (const [optionPosition, option] of group.modifiers_product.entries()) {
        const values = {
          group_id: groupId,
          modifier_id: await repository.modifierId(trx, option.title),
          title: option.title,
          price: option.price,
          position: optionPosition,
        };
        if (option.id === undefined) keptOptions.push(await repository.insertOption(trx, values));
        else {
          keptOptions.push(option.id);
          await repository.updateOption(trx, option.id, values);
        }
      }
    }
    await repository.hideGroupsExcept(trx, productId, keptGroups, keptOptions);
  }

  /** Every branch's state for one product. */
  async function branchProducts(productId: number): Promise<AdminBranchProduct[]> {
    await mustProduct(db, productId);
    return (await repository.branchStates(db, productId)).map((row) => ({
      branch_id: row.branch_id,
      branch_title: row.branch_title,
      product_id: productId,
      offered: row.offered !== 0,
      price: row.price ?? null,
      sold_out: row.sold_out === 1,
    }));
  }

  /** The fields the change log keeps of a product: what an admin would want to compare. */
  const productRecord = (p: AdminProduct) => ({
    title: p.title,
    category_id: p.category_id,
    price: p.price,
    description: p.description,
    description_eco: p.description_eco,
    image: p.image,
    groups: p.modifier_group.map((g) => ({
      title: g.title,
      required: g.required,
      type_input: g.type_input,
      min: g.min,
      max: g.max,
      options: g.modifiers_product.map((o) => `${o.title} ${formatMoney(o.price)}`),
    })),
  });

  function productChanges(before: AdminProduct, after: AdminProduct): string {
    const parts: string[] = [];
    if (before.title !== after.title) parts.push(`nombre «${before.title}» → «${after.title}»`);
    if (before.price !== after.price) parts.push(`precio ${formatMoney(before.price)} → ${formatMoney(after.price)}`);
    if (before.category_id !== after.category_id) parts.push(`categoría ${before.category_title} → ${after.category_title}`);
    if (before.description !== after.description || before.description_eco !== after.description_eco) parts.push('descripción');
    if (before.image !== after.image) parts.push('foto');
    if (JSON.stringify(productRecord(before).groups) !== JSON.stringify(productRecord(after).groups)) parts.push('opciones');
    return `${after.title}: ${parts.length > 0 ? parts.join(', ') : 'sin cambios'}`;
  }

  async function reorder(trx: DbExecutor, table: 'categories' | 'products', current: number[], ids: number[], message: string) {
    const wanted = new Set(ids);
    if (wanted.size !== current.length || current.some((id) => !wanted.has(id))) throw invalid('ids', message);
    await repository.setPositions(trx, table, ids);
  }

  return {
    // -----------------------------------------------------------------------------------------
    // Categories
    // -----------------------------------------------------------------------------------------

    categories: async (): Promise<AdminCategory[]> => (await repository.listCategories()).map(toCategory),

    async createCategory(actor: AuditActor, body: AdminCategoryBody): Promise<AdminCategory> {
      const id = await withSlugRetry(async (trx) => {
        const slug = await newSlug(trx, 'categories', body.title);
        const id = await repository.insertCategory(trx, { slug, title: body.title, photo: body.photo, position: await repository.nextPosition(trx, 'categories') });
        await audit.record(trx, actor, { action: 'create', entity: 'category', entity_id: id, summary: `Categoría ${body.title}`, after: { slug, ...body } });
        return id;
      });
      await publish({ type: 'catalog' });
      return category(id);
    },

    async updateCategory(actor: AuditActor, id: number, body: AdminCategoryBody): Promise<AdminCategory> {
      await repository.transaction(async (trx) => {
        const before = await mustCategory(trx, id);
        // The slug stays: links, shared URLs and the storefront's cache keys use it (decision 020).
        await repository.updateCategory(trx, id, body);
        const parts = [before.title !== body.title ? `nombre «${before.title}» → «${body.title}»` : null, before.photo !== body.photo ? 'foto' : null].filter(Boolean);
        await audit.record(trx, actor, {
          action: 'update',
          entity: 'category',
          entity_id: id,
          summary: `Categoría ${body.title}: ${parts.length > 0 ? parts.join(', ') : 'sin cambios'}`,
          before: { title: before.title, photo: before.photo },
          after: body,
        });
      });
      await publish({ type: 'catalog' });
      return category(id);
    },

    async setCategoryHidden(actor: AuditActor, id: number, hidden: boolean): Promise<AdminCategory> {
      await repository.transaction(async (trx) => {
        const before = await mustCategory(trx, id);
        await repository.updateCategory(trx, id, { active: hidden ? 0 : 1 });
        await audit.record(trx, actor, { action: hidden ? 'hide' : 'show', entity: 'category', entity_id: id, summary: `Categoría ${before.title}` });
      });
      await publish({ type: 'catalog' });
      return category(id);
    },

    async reorderCategories(actor: AuditActor, ids: number[]): Promise<AdminCategory[]> {
      await repository.transaction(async (trx) => {
        const current = (await repository.categoryIds(trx)).map((r) => r.id);
        await reorder(trx, 'categories', current, ids, ADMIN_MENU_MESSAGES.categoryOrder);
        await audit.record(trx, actor, { action: 'reorder', entity: 'category', summary: 'Nuevo orden de las categorías', after: { ids } });
      });
      await publish({ type: 'catalog' });
      return (await repository.listCategories()).map(toCategory);
    },

    // -----------------------------------------------------------------------------------------
    // Products
    // -----------------------------------------------------------------------------------------

    /** Every product (hidden too), of one category or all, whose title holds the words. */
    async products(query: { q?: string | undefined; category_id?: number | undefined }): Promise<AdminProductSummary[]> {
      const words = foldText(query.q ?? '').split(/\s+/).filter(Boolean);
      const rows = await repository.listProducts(query.category_id);
      return rows.filter((row) => words.every((word) => foldText(row.title).includes(word))).map(toSummary);
    },

    async product(id: number): Promise<AdminProduct> {
      const found = await product(db, id);
      if (!found) throw notFound(ADMIN_MENU_MESSAGES.productNotFound);
      return found;
    },

    async createProduct(actor: AuditActor, body: AdminProductBody): Promise<AdminProduct> {
      const id = await withSlugRetry(async (trx) => {
        if (!(await repository.findCategory(trx, body.category_id))) throw invalid('category_id', ADMIN_MENU_MESSAGES.categoryNotFound);
        if (body.modifier_group.some((g) => g.id !== undefined || g.modifiers_product.some((o) => o.id !== undefined)))
          throw invalid('modifier_group', ADMIN_MENU_MESSAGES.unknownGroup);
        const slug = await newSlug(trx, 'products', body.title);
        const id = await repository.insertProduct(trx, {
          category_id: body.category_id,
          slug,
          title: body.title,
          description: body.description,
          description_eco: body.description_eco,
          image: body.image,
          price: body.price,
          position: await repository.nextPosition(trx, 'products', body.category_id),
        });
        await saveGroups(trx, id, body.modifier_group);
        const created = (await product(trx, id))!;
        await audit.record(trx, actor, {
          action: 'create',
          entity: 'product',
          entity_id: id,
          summary: `Producto ${body.title} (${formatMoney(body.price)})`,
          after: { slug, ...productRecord(created) },
        });
        return id;
      });
      await publish({ type: 'catalog' });
      return (await product(db, id))!;
    },

    /**
     * Saves the editor's fields only when nobody saved the product since the editor read it
     * (its `version`): otherwise 409 and nothing changes (decision 020). The slug stays.
     */
    async updateProduct(actor: AuditActor, id: number, body: AdminProductUpdateBody): Promise<AdminProduct> {
      await repository.transaction(async (trx) => {
        const before = await product(trx, id);
        if (!before) throw notFound(ADMIN_MENU_MESSAGES.productNotFound);
        if (before.version !== body.version) throw conflict();
        if (!(await repository.findCategory(trx, body.category_id))) throw invalid('category_id', ADMIN_MENU_MESSAGES.categoryNotFound);
        const moved = body.category_id !== before.category_id;
        const saved = await repository.updateProductAt(trx, id, body.version, {
          category_id: body.category_id,
          title: body.title,
          description: body.description,
          description_eco: body.description_eco,
          image: body.image,
          price: body.price,
          ...(moved ? { position: await repository.nextPosition(trx, 'products', body.category_id) } : {}),
        });
        // Another save committed between our read and our write: the version moved on.
        if (!saved) throw conflict();
        await saveGroups(trx, id, body.modifier_group);
        const after = (await product(trx, id))!;
        await audit.record(trx, actor, {
          action: 'update',
          entity: 'product',
          entity_id: id,
          summary: productChanges(before, after),
          before: productRecord(before),
          after: productRecord(after),
        });
      });
      await publish({ type: 'catalog' });
      return (await product(db, id))!;
    },

    async setProductHidden(actor: AuditActor, id: number, hidden: boolean): Promise<AdminProductSummary> {
      await repository.transaction(async (trx) => {
        const before = await mustProduct(trx, id);
        await repository.setProductActive(trx, id, hidden ? 0 : 1);
        await audit.record(trx, actor, { action: hidden ? 'hide' : 'show', entity: 'product', entity_id: id, summary: `Producto ${before.title}` });
      });
      await publish({ type: 'catalog' });
      return toSummary((await repository.findProduct(db, id))!);
    },

    async reorderProducts(actor: AuditActor, categoryId: number, ids: number[]): Promise<AdminProductSummary[]> {
      await repository.transaction(async (trx) => {
        const found = await mustCategory(trx, categoryId);
        const current = (await repository.productIdsOf(trx, categoryId)).map((r) => r.id);
        await reorder(trx, 'products', current, ids, ADMIN_MENU_MESSAGES.productOrder);
        await audit.record(trx, actor, { action: 'reorder', entity: 'product', summary: `Nuevo orden de los productos de ${found.title}`, after: { category_id: categoryId, ids } });
      });
      await publish({ type: 'catalog' });
      return (await repository.listProducts(categoryId)).map(toSummary);
    },

    // -----------------------------------------------------------------------------------------
    // A product at each branch
    // -----------------------------------------------------------------------------------------

    branchProducts,

    /**
     * Whether a branch offers the product, at which price, and whether it is sold out there.
     * A sold-out change goes out as the console's own `availability` change (the same event its
     * switch sends); a price or offer change as a catalogue change.
     */
    async setBranchProduct(actor: AuditActor, branchId: number, productId: number, body: AdminBranchProductBody): Promise<AdminBranchProduct> {
      const before = await repository.transaction(async (trx) => {
        const branch = await repository.findBranch(trx, branchId);
        if (!branch) throw notFound(ADMIN_MENU_MESSAGES.branchNotFound);
        const found = await mustProduct(trx, productId);
        const state = (await repository.branchStates(trx, productId)).find((row) => row.branch_id === branchId);
        const before = { offered: state?.offered !== 0, price: state?.price ?? null, sold_out: state?.sold_out === 1 };
        await repository.upsertBranchProduct(trx, {
          branch_id: branchId,
          product_id: productId,
          offered: body.offered ? 1 : 0,
          price: body.price,
          sold_out: body.sold_out ? 1 : 0,
        });
        const price = body.price === null ? `precio del producto (${formatMoney(found.price)})` : `precio ${formatMoney(body.price)}`;
        await audit.record(trx, actor, {
          action: 'update',
          entity: 'branch_product',
          entity_id: productId,
          branch_id: branchId,
          summary: `${found.title} en ${branch.title}: ofrecido ${yesNo(body.offered)}, ${price}, agotado ${yesNo(body.sold_out)}`,
          before,
          after: body,
        });
        return before;
      });
      if (before.sold_out !== body.sold_out) await publish({ type: 'availability', branch_id: branchId, product_id: productId, sold_out: body.sold_out });
      if (before.offered !== body.offered || before.price !== body.price) await publish({ type: 'catalog' });
      return (await branchProducts(productId)).find((row) => row.branch_id === branchId)!;
    },
  };
}

export type AdminMenuService = ReturnType<typeof createAdminMenuService>;
