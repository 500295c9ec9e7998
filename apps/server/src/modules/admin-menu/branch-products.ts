// A product at each branch: offered, its price there, sold out.
import {
  ADMIN_MENU_MESSAGES,
  formatMoney,
  type AdminBranchProduct,
  type AdminBranchProductBody,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { CatalogChange } from '../../plugins/catalog-events';
import { notFound } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { branchStates, findBranch, upsertBranchProduct } from './branch-products-repository';
import { findProduct } from './products-repository';
import type { MenuWriteDeps } from './types';

const yesNo = (value: boolean) => (value ? 'sí' : 'no');

/** Every branch's state for one product (no row: offered at the product's price, version 1). */
async function statesOf(executor: DbExecutor, productId: number): Promise<AdminBranchProduct[]> {
  return (await branchStates(executor, productId)).map((row) => ({
    branch_id: row.branch_id,
    branch_title: row.branch_title,
    product_id: productId,
    offered: row.offered !== 0,
    price: row.price ?? null,
    sold_out: row.sold_out === 1,
    version: row.version ?? 1,
  }));
}

export async function branchProducts(
  { write }: MenuWriteDeps,
  productId: number,
): Promise<AdminBranchProduct[]> {
  if (!(await findProduct(write.reader, productId)))
    throw notFound(ADMIN_MENU_MESSAGES.productNotFound);
  return statesOf(write.reader, productId);
}

/** Both must exist before the row is claimed: the claim writes the row. */
async function mustExist({ write }: MenuWriteDeps, branchId: number, productId: number) {
  const [branch, product] = await Promise.all([
    findBranch(write.reader, branchId),
    findProduct(write.reader, productId),
  ]);
  if (!branch) throw notFound(ADMIN_MENU_MESSAGES.branchNotFound);
  if (!product) throw notFound(ADMIN_MENU_MESSAGES.productNotFound);
}

/** One branch's state for one product (null when either is gone). */
const stateAt = async (executor: DbExecutor, ids: BranchProductIds) =>
  (await statesOf(executor, ids.productId)).find((row) => row.branch_id === ids.branchId) ?? null;

interface BranchProductIds {
  branchId: number;
  productId: number;
}

/**
 * What goes out after the commit: a sold-out change as the console's own `availability` change
 * (the same event its switch sends); a price or offer change as a catalogue change.
 */
function publishedChanges(
  { branchId, productId }: BranchProductIds,
  before: AdminBranchProduct,
  body: AdminBranchProductBody,
): CatalogChange[] {
  const publish: CatalogChange[] = [];
  if (before.sold_out !== body.sold_out)
    publish.push({
      type: 'availability',
      branch_id: branchId,
      product_id: productId,
      sold_out: body.sold_out,
    });
  if (before.offered !== body.offered || before.price !== body.price)
    publish.push({ type: 'catalog' });
  return publish;
}

/** The change inside the write's transaction: the row, its change-log entry, what to publish. */
async function changeAtBranch(
  trx: DbExecutor,
  ids: BranchProductIds,
  body: AdminBranchProductBody,
) {
  const branch = (await findBranch(trx, ids.branchId))!;
  const found = (await findProduct(trx, ids.productId))!;
  const state = (await stateAt(trx, ids))!;
  const before = { offered: state.offered, price: state.price, sold_out: state.sold_out };
  const after = { offered: body.offered, price: body.price, sold_out: body.sold_out };
  await upsertBranchProduct(trx, {
    branch_id: ids.branchId,
    product_id: ids.productId,
    offered: after.offered ? 1 : 0,
    price: after.price,
    sold_out: after.sold_out ? 1 : 0,
  });
  const price =
    body.price === null
      ? `precio del producto (${formatMoney(found.price)})`
      : `precio ${formatMoney(body.price)}`;
  const summary = `${found.title} en ${branch.title}: ofrecido ${yesNo(body.offered)}, ${price}, agotado ${yesNo(body.sold_out)}`;
  const audit = {
    action: 'update' as const,
    entity: 'branch_product',
    entity_id: ids.productId,
    branch_id: ids.branchId,
    summary,
    before,
    after,
  };
  return { result: undefined, audit, publish: publishedChanges(ids, state, body) };
}

/** Whether a branch offers the product, at which price, and whether it is sold out there. */
export async function setBranchProduct(
  deps: MenuWriteDeps,
  actor: AuditActor,
  branchId: number,
  productId: number,
  body: AdminBranchProductBody,
) {
  const { write } = deps;
  const ids = { branchId, productId };
  await mustExist(deps, branchId, productId);
  await write.write({
    actor,
    version: {
      claim: (trx) => write.repository.claimBranchProduct(trx, branchId, productId, body.version),
      current: () => stateAt(write.reader, ids),
      notFound: ADMIN_MENU_MESSAGES.productNotFound,
    },
    change: (trx) => changeAtBranch(trx, ids, body),
  });
  return (await stateAt(write.reader, ids))!;
}
