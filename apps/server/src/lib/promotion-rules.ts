// The chain's promotions as the storefront, placement and the back office read them (decision
// 082): rows made rules, a category's products added to what a rule matches, and what a
// customer has already used of a per-customer limit.
import {
  appliedPromotionSchema,
  promotionInForce,
  type AdminPromotion,
  type Promotion,
  type PromotionKind,
} from '@comanda/shared';
import { z } from 'zod';
import {
  customerPromotionTexts,
  listPromotionRows,
  productCategories,
  type PromotionRow,
} from '../db/promotions-repository';
import type { DbExecutor } from '../db/types';

const idList = z.array(z.number().int());

/** A list of ids as stored (JSON written by us); one that does not parse is empty rather than failing the read. */
function ids(text: string): number[] {
  try {
    const parsed = idList.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A row as the back office reads it: the products and categories as chosen. */
export const adminPromotionOf = (row: PromotionRow): AdminPromotion => ({
  id: row.id,
  title: row.title,
  kind: row.kind as PromotionKind,
  buy: row.buy,
  pay: row.pay,
  percent: row.percent,
  amount: row.amount,
  price: row.price,
  min_order: row.min_order,
  product_ids: ids(row.product_ids),
  category_ids: ids(row.category_ids),
  days: ids(row.days),
  from: row.time_from,
  to: row.time_to,
  branch_ids: ids(row.branch_ids),
  starts_on: row.starts_on,
  ends_on: row.ends_on,
  per_customer_limit: row.per_customer_limit,
  stacks_with_code: row.stacks_with_code === 1,
  active: row.active === 1,
  version: row.version,
});

/** Every rule of the chain, each matching its own products and its categories' products. */
export async function chainPromotions(executor: DbExecutor): Promise<Promotion[]> {
  const rows = await listPromotionRows(executor);
  if (rows.length === 0) return [];
  const byCategory = new Map<number, number[]>();
  if (rows.some((row) => row.category_ids !== '[]'))
    for (const { id, category_id } of await productCategories(executor))
      byCategory.set(category_id, [...(byCategory.get(category_id) ?? []), id]);
  return rows.map((row) => {
    const { version: _version, ...rule } = adminPromotionOf(row);
    const matched = [
      ...rule.product_ids,
      ...rule.category_ids.flatMap((c) => byCategory.get(c) ?? []),
    ];
    return { ...rule, product_ids: [...new Set(matched)] };
  });
}

const appliedList = z.array(appliedPromotionSchema);

/** What each promotion took off an order, as stored; an unreadable text is none. */
export function appliedOf(text: string) {
  try {
    const parsed = appliedList.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** How many of a customer's orders each promotion went to (only when some rule has a limit). */
export async function usedByCustomer(
  executor: DbExecutor,
  rules: readonly Promotion[],
  userId: number | null,
): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (userId === null || rules.every((rule) => rule.per_customer_limit === null)) return used;
  for (const text of await customerPromotionTexts(executor, userId))
    for (const { id } of appliedOf(text)) used.set(id, (used.get(id) ?? 0) + 1);
  return used;
}

/** The rules in force at `at` at the branch, less those the customer has used up. */
export function promotionsFor(
  rules: readonly Promotion[],
  { branchId, at, used }: { branchId: number; at: Date; used: ReadonlyMap<number, number> },
): Promotion[] {
  return inForceAt(rules, branchId, at).filter(
    (rule) =>
      rule.per_customer_limit === null || (used.get(rule.id) ?? 0) < rule.per_customer_limit,
  );
}

const MINUTE = 60_000;
/** Readings kept per list of rules: a minute's for every branch of a large chain, and a few slots. */
const KEPT_READINGS = 1024;
const readingsOf = new WeakMap<readonly Promotion[], Map<string, Promotion[]>>();

/**
 * The rules in force at a branch, read once for the minute `at` falls in: a rule's dates and
 * weekly window are whole days and minutes of the chain's clock, whose offset is whole minutes,
 * so every instant of a minute reads the same. Placement asks for every order, and the reading
 * (each rule's window as opening hours) was 4–5 % of the main thread's time per order; the
 * answer changes at most once a minute, or with the rules, which come as a new list.
 */
function inForceAt(rules: readonly Promotion[], branchId: number, at: Date): Promotion[] {
  let readings = readingsOf.get(rules);
  if (!readings) {
    readings = new Map();
    readingsOf.set(rules, readings);
  }
  const key = `${branchId}|${Math.floor(at.getTime() / MINUTE)}`;
  let inForce = readings.get(key);
  if (!inForce) {
    if (readings.size >= KEPT_READINGS) readings.clear();
    inForce = rules.filter((rule) => promotionInForce(rule, at, branchId));
    readings.set(key, inForce);
  }
  return inForce;
}
