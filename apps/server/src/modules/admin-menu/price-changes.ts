// The bulk price change: a preview that writes nothing, then the same change applied.
import { createHash } from 'node:crypto';
import {
  ADMIN_MENU_MESSAGES,
  ADMIN_MONEY_MAX,
  changedPrice,
  priceChangeSize,
  type PriceApplyBody,
  type PriceChange,
  type PriceChangeBody,
  type PriceChangeLine,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { invalidField } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { findBranch } from './branch-products-repository';
import { findCategory } from './categories-repository';
import { menuChange } from './menu-change';
import {
  branchRows,
  priceTargets,
  setBranchPrice,
  setListPrice,
  setOptionPrice,
  sizeOptions,
} from './price-changes-repository';
import type { MenuWriteDeps } from './types';
import { claimAll, type VersionClaims } from './version-claims';

/** Why a product is left out of a change at one branch. */
export const SIZES_ARE_CHAIN_WIDE =
  'Su precio está en sus tamaños, que valen lo mismo en todas las sedes: cámbialo en todas las sedes.';

type Target = Awaited<ReturnType<typeof priceTargets>>[number];
type BranchRow = Awaited<ReturnType<typeof branchRows>>[number];
type SizeOption = Awaited<ReturnType<typeof sizeOptions>>[number];

/** The change as computed from the database now: what preview answers and apply writes. */
interface Plan extends PriceChange {
  /** The versions apply claims: each changed product's, and its branch rows' in the change's scope. */
  claims: VersionClaims;
}

/** The category, branch and products the body names, or the 400 that says which is missing. */
async function selection(trx: DbExecutor, body: PriceChangeBody) {
  const branchId = body.branch_id ?? undefined;
  const branch = branchId === undefined ? null : await findBranch(trx, branchId);
  if (branchId !== undefined && !branch)
    throw invalidField('branch_id', ADMIN_MENU_MESSAGES.branchNotFound);
  if (body.category_id !== undefined && !(await findCategory(trx, body.category_id)))
    throw invalidField('category_id', ADMIN_MENU_MESSAGES.categoryNotFound);
  const targets = await priceTargets(trx, {
    ...(body.product_ids ? { ids: body.product_ids } : {}),
    ...(body.category_id !== undefined ? { categoryId: body.category_id } : {}),
  });
  if (body.product_ids && targets.length !== body.product_ids.length)
    throw invalidField('product_ids', ADMIN_MENU_MESSAGES.productNotFound);
  return { branch: branch ?? null, targets };
}

const line = (
  product: Target,
  old: number,
  at: { branch?: BranchRow | { branch_id: number; branch_title: string }; option?: SizeOption },
): Omit<PriceChangeLine, 'new_price'> => ({
  product_id: product.id,
  product_title: product.title,
  branch_id: at.branch?.branch_id ?? null,
  branch_title: at.branch?.branch_title ?? null,
  option_id: at.option?.id ?? null,
  option_title: at.option?.title ?? null,
  old_price: old,
});

/**
 * The prices the storefront charges for one product, priced above 0 (0 means "none of its own":
 * a free size, no list price): at every branch, its list price, each branch's own price and its
 * priced sizes; at one branch, that branch's price (its own, else the list price).
 */
function pricesOf(
  product: Target,
  sizes: SizeOption[],
  rows: BranchRow[],
  branch: { id: number; title: string } | null,
) {
  if (branch) {
    const own = rows.find((row) => row.branch_id === branch.id)?.price ?? null;
    const at = { branch: { branch_id: branch.id, branch_title: branch.title } };
    return [line(product, own ?? product.price, at)];
  }
  return [
    line(product, product.price, {}),
    ...rows.flatMap((row) =>
      row.price === null ? [] : [line(product, row.price, { branch: row })],
    ),
    ...sizes.map((option) => line(product, option.price, { option })),
  ];
}

const placeOf = (l: Omit<PriceChangeLine, 'new_price'>) =>
  `${l.product_title}${l.option_title ? ` (${l.option_title})` : ''}${l.branch_title ? ` en ${l.branch_title}` : ''}`;

function priced(body: PriceChangeBody, lines: Omit<PriceChangeLine, 'new_price'>[]) {
  return lines
    .filter((l) => l.old_price > 0)
    .map((l): PriceChangeLine => {
      const new_price = changedPrice(l.old_price, body.mode, body.value);
      if (new_price <= 0) throw invalidField('value', ADMIN_MENU_MESSAGES.priceTooLow(placeOf(l)));
      if (new_price > ADMIN_MONEY_MAX)
        throw invalidField('value', ADMIN_MENU_MESSAGES.priceTooHigh(placeOf(l)));
      return { ...l, new_price };
    });
}

/** "Subió 10 % el precio de 12 productos (Pizzas) en Campiña". */
function summaryOf(
  body: PriceChangeBody,
  targets: Target[],
  products: number,
  branch: string | null,
) {
  const categories = [...new Set(targets.map((t) => t.category_title))];
  const scope = categories.length <= 3 ? categories.join(', ') : `${categories.length} categorías`;
  const verb = body.value > 0 ? 'Subió' : 'Bajó';
  const count = products === 1 ? '1 producto' : `${products} productos`;
  const where = branch ? ` en ${branch}` : '';
  return `${verb} ${priceChangeSize(body.mode, body.value)} el precio de ${count} (${scope})${where}`;
}

/** What the version covers: the change asked, every product's and branch row's version, the lines. */
function versionOf(
  body: PriceChangeBody,
  targets: Target[],
  rows: BranchRow[],
  lines: PriceChangeLine[],
) {
  const state = {
    change: [body.mode, body.value, body.branch_id ?? null],
    products: targets.map((t) => [t.id, t.version]),
    rows: rows.map((r) => [r.product_id, r.branch_id, r.version]),
    lines: lines.map((l) => [l.product_id, l.branch_id, l.option_id, l.old_price, l.new_price]),
  };
  return createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 32);
}

/** The change as it would be written now; 400 (nothing written) when a price would reach 0 or less. */
async function planOf(trx: DbExecutor, body: PriceChangeBody): Promise<Plan> {
  const { branch, targets } = await selection(trx, body);
  const ids = targets.map((t) => t.id);
  const [sizes, rows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([sizeOptions(trx, ids), branchRows(trx, ids, branch?.id)]);
  const lines: PriceChangeLine[] = [];
  const skipped: PriceChange['skipped'] = [];
  for (const product of targets) {
    const own = sizes.filter((o) => o.product_id === product.id && o.price > 0);
    if (branch && own.length > 0) {
      skipped.push({
        product_id: product.id,
        product_title: product.title,
        reason: SIZES_ARE_CHAIN_WIDE,
      });
      continue;
    }
    const mine = rows.filter((r) => r.product_id === product.id);
    lines.push(...priced(body, pricesOf(product, own, mine, branch)));
  }
  const productIds = new Set(lines.map((l) => l.product_id));
  if (productIds.size === 0)
    throw invalidField(
      body.product_ids ? 'product_ids' : 'category_id',
      ADMIN_MENU_MESSAGES.priceNothing,
    );
  return {
    version: versionOf(body, targets, rows, lines),
    summary: summaryOf(body, targets, productIds.size, branch?.title ?? null),
    products: productIds.size,
    lines,
    skipped,
    claims: claimsOf(targets, rows, productIds, branch?.id ?? null),
  };
}

/** At one branch, a product without a row of its own there claims it at version 1 (decision 032). */
function claimsOf(
  targets: Target[],
  rows: BranchRow[],
  changed: Set<number>,
  branchId: number | null,
): Plan['claims'] {
  const products = targets.filter((t) => changed.has(t.id));
  const own = rows.filter((r) => changed.has(r.product_id));
  return {
    products: products.map(({ id, version }) => ({ id, version })),
    rows:
      branchId === null
        ? own.map(({ branch_id, product_id, version }) => ({ branch_id, product_id, version }))
        : products.map(({ id }) => ({
            branch_id: branchId,
            product_id: id,
            version: own.find((r) => r.product_id === id)?.version ?? 1,
          })),
  };
}

const answer = ({ claims: _claims, ...change }: Plan): PriceChange => change;

async function writeLines(trx: DbExecutor, lines: PriceChangeLine[]) {
  for (const l of lines) {
    if (l.option_id !== null) await setOptionPrice(trx, l.option_id, l.new_price);
    else if (l.branch_id !== null)
      await setBranchPrice(trx, l.branch_id, l.product_id, l.new_price);
    else await setListPrice(trx, l.product_id, l.new_price);
  }
}

/**
 * Applies the previewed change in one transaction with one change-log row, when nothing it
 * covers changed since the preview (its `version`): else 409 with the change as it would be now.
 */
export async function applyPriceChange(
  deps: MenuWriteDeps,
  actor: AuditActor,
  body: PriceApplyBody,
) {
  const { write } = deps;
  let plan: Plan | undefined;
  const branchId = body.branch_id ?? undefined;
  return write.write({
    actor,
    version: {
      async claim(trx) {
        plan = await planOf(trx, body);
        return plan.version === body.version && claimAll(deps, trx, plan.claims);
      },
      current: () => planOf(write.reader, body).then(answer, () => undefined),
      notFound: ADMIN_MENU_MESSAGES.productNotFound,
      conflict: ADMIN_MENU_MESSAGES.priceStale,
    },
    change: async (trx) => {
      const done = plan!;
      await writeLines(trx, done.lines);
      const after = {
        mode: body.mode,
        value: body.value,
        branch_id: branchId ?? null,
        lines: done.lines,
      };
      const audit = { action: 'update' as const, entity: 'product', summary: done.summary, after };
      return menuChange({ ...audit, ...(branchId ? { branch_id: branchId } : {}) }, answer(done));
    },
  });
}

/** The change as apply would write it now; writes nothing. */
export async function previewPriceChange(
  { write }: MenuWriteDeps,
  body: PriceChangeBody,
): Promise<PriceChange> {
  return answer(await planOf(write.reader, body));
}
