import { ADMIN_MENU_MESSAGES, formatMoney, type AdminProduct } from '@comanda/shared';
import { storeDayparts } from '../../db/dayparts';
import { notFound } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { newSlug, SLUG_ATTEMPTS } from './categories';
import { menuChange, type AdminMenuDeps } from './deps';
import { productRecord } from './product-groups';
import { findProduct } from './products';

/** The copy's title: the original's, cut so that " (copia)" fits the 120 characters a title has. */
export const copyTitle = (title: string) => `${title.slice(0, 112).trimEnd()} (copia)`;

/**
 * A copy of a product: its fields, its visible option groups and options, and what each branch
 * does with it (offered, own price, sold out) and its dayparts, with a new free slug. The copy is created hidden,
 * the back office's one "not live" state, so it reaches no storefront before an admin shows it.
 */
export async function duplicateProduct(
  { repository, write }: AdminMenuDeps,
  actor: AuditActor,
  id: number,
): Promise<AdminProduct> {
  const copyId = await write.write({
    actor,
    retryOnUnique: SLUG_ATTEMPTS,
    change: async (trx) => {
      const original = await findProduct(repository, trx, id);
      if (!original) throw notFound(ADMIN_MENU_MESSAGES.productNotFound);
      const title = copyTitle(original.title);
      const slug = await newSlug(repository, trx, 'products', title);
      const copyId = await repository.insertProduct(trx, {
        category_id: original.category_id,
        title,
        description: original.description,
        description_eco: original.description_eco,
        image: original.image,
        price: original.price,
        dayparts: storeDayparts(original.dayparts),
        slug,
        position: await repository.nextPosition(trx, 'products', original.category_id),
      });
      await repository.setProductActive(trx, copyId, 0);
      await repository.copyGroups(trx, id, copyId);
      await repository.copyBranchRows(trx, id, copyId);
      const copy = (await findProduct(repository, trx, copyId))!;
      const summary = `Producto ${title} (${formatMoney(copy.price)}), copia de ${original.title}, oculto`;
      const after = { slug, copy_of: id, hidden: true, ...productRecord(copy) };
      return menuChange(
        { action: 'create', entity: 'product', entity_id: copyId, summary, after },
        copyId,
      );
    },
  });
  return (await findProduct(repository, write.reader, copyId))!;
}
