import { ADMIN_MENU_MESSAGES, formatMoney, type AdminProduct } from '@comanda/shared';
import { storeDayparts } from '../../db/dayparts';
import { storeAllergens, storeTags } from '../../db/dietary';
import { notFound } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { insertWithNewSlug } from './categories';
import { copyBranchRows } from './branch-products-repository';
import { menuChange } from './menu-change';
import { nextPosition } from './menu-order-repository';
import { productRecord } from './product-groups';
import { copyGroups } from './product-groups-repository';
import { loadProduct } from './products';
import { insertProduct, setProductActive } from './products-repository';
import type { MenuWriteDeps } from './types';

/** The copy's title: the original's, cut so that " (copia)" fits the 120 characters a title has. */
export const copyTitle = (title: string) => `${title.slice(0, 112).trimEnd()} (copia)`;

/**
 * A copy of a product: its fields, its visible option groups and options, and what each branch
 * does with it (offered, own price, sold out), its dayparts, allergens and tags, with a new free slug. The copy is created hidden,
 * the back office's one "not live" state, so it reaches no storefront before an admin shows it.
 */
export async function duplicateProduct(
  { write }: MenuWriteDeps,
  actor: AuditActor,
  id: number,
): Promise<AdminProduct> {
  const copyId = await write.write({
    actor,
    change: async (trx) => {
      const original = await loadProduct(trx, id);
      if (!original) throw notFound(ADMIN_MENU_MESSAGES.productNotFound);
      const title = copyTitle(original.title);
      const position = await nextPosition(trx, 'products', original.category_id);
      const { id: copyId, slug } = await insertWithNewSlug(trx, 'products', title, (slug) =>
        insertProduct(trx, {
          category_id: original.category_id,
          title,
          description: original.description,
          description_eco: original.description_eco,
          image: original.image,
          price: original.price,
          dayparts: storeDayparts(original.dayparts),
          allergens: storeAllergens(original.allergens),
          tags: storeTags(original.tags),
          slug,
          position,
        }),
      );
      await setProductActive(trx, copyId, 0);
      await copyGroups(trx, id, copyId);
      await copyBranchRows(trx, id, copyId);
      const copy = (await loadProduct(trx, copyId))!;
      const summary = `Producto ${title} (${formatMoney(copy.price)}), copia de ${original.title}, oculto`;
      const after = { slug, copy_of: id, hidden: true, ...productRecord(copy) };
      return menuChange(
        { action: 'create', entity: 'product', entity_id: copyId, summary, after },
        copyId,
      );
    },
  });
  return (await loadProduct(write.reader, copyId))!;
}
