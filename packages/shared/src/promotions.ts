/**
 * Promotions in the one pricing function (product.md «Promotions», decision 082): which rules
 * are in force at a time and branch, and what they take off a cart. Pure: the storefront prices
 * its cart with it and the server charges with it, so both arrive at the same total; the
 * server's figure is the one that counts.
 */
import { chainToday } from './chain-time';
import { isOfferedAt } from './dayparts';
import { unitPrice, type PricedProduct } from './pricing';

export const PROMOTION_KINDS = ['nxm', 'percent', 'amount', 'combo', 'free_delivery'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** What pricing reads of a rule. `product_ids` is the matched set, its categories' products included. */
export interface PromotionPricing {
  id: number;
  title: string;
  kind: PromotionKind;
  /** nxm: take `buy`, pay `pay` (2x1: 2 and 1). */
  buy: number | null;
  pay: number | null;
  /** percent: off each matched unit, the sum rounded down to whole pesos. */
  percent: number | null;
  /** amount: pesos off each matched unit (never more than the unit costs). */
  amount: number | null;
  /** combo: what one set of `product_ids` (one unit of each) costs. */
  price: number | null;
  /** free_delivery: the products' total (after the other promotions) from which delivery is free. */
  min_order: number | null;
  product_ids: readonly number[];
  /** False: the better of the promotion and a discount code applies, never both. */
  stacks_with_code: boolean;
}

/** When and where a rule is in force, on the chain's clock. */
export interface PromotionSchedule {
  active: boolean;
  /** Weekdays, 0 = Sunday; the window's start day when it crosses midnight. */
  days: readonly number[];
  /** 'HH:MM'; `to` at or before `from` runs past midnight ('00:00'–'00:00': the whole day). */
  from: string;
  to: string;
  /** Empty: every branch. */
  branch_ids: readonly number[];
  /** Chain days (YYYY-MM-DD), both included; null: open-ended. */
  starts_on: string | null;
  ends_on: string | null;
}

/** A promotion applied to a cart: what the customer reads on its line. */
export interface AppliedPromotion {
  id: number;
  title: string;
  amount: number;
}

/** A priced line as pricing reads it: the storefront's cart item or the server's rebuilt line. */
export interface PromotionLine {
  product_id: number;
  unit_price: number;
  quantity: number;
}

/** The storefront's cart items as pricing reads them: each priced by the one unitPrice. */
export const cartPromotionLines = (
  items: readonly (PricedProduct & { id: number; quantity: number })[],
): PromotionLine[] =>
  items.map((item) => ({
    product_id: item.id,
    unit_price: unitPrice(item),
    quantity: item.quantity,
  }));

/** A discount code's terms (product.md «Discount codes»). */
export interface CodeTerms {
  discount_percent: number;
  discount_amount: number;
}

/** The cart's figures: products, the zone's fee, what came off and the total to pay. */
export interface PromotedPrice {
  subtotal: number;
  fee: number;
  promotions: AppliedPromotion[];
  /** What the code took off; 0 without one, or when a promotion that does not stack was better. */
  code_discount: number;
  /** Whether the code applies (a better promotion that does not stack leaves it unredeemed). */
  code_applied: boolean;
  /** The promotions and the code together. */
  discount: number;
  /** The sale: products and fee less the discount. The tip is not in it (decision 085). */
  total: number;
  /** The courier's tip as given (0: none); apart from the sale, never discounted. */
  tip: number;
  /** What the customer pays: `total + tip` (the online payment, cash change). */
  due: number;
}

/** Whether a rule is in force at `at` for a branch: active, at the branch, within its dates and its weekly window. */
export function promotionInForce(
  rule: PromotionSchedule,
  at: Date,
  branchId: number,
  timeZone?: string,
): boolean {
  if (!rule.active || rule.days.length === 0) return false;
  if (rule.branch_ids.length > 0 && !rule.branch_ids.includes(branchId)) return false;
  const today = chainToday(at, timeZone);
  if (rule.starts_on !== null && today < rule.starts_on) return false;
  if (rule.ends_on !== null && today > rule.ends_on) return false;
  return isOfferedAt([{ days: [...rule.days], from: rule.from, to: rule.to }], at, timeZone);
}

/**
 * What a discount code takes off the products' total: its amount, or else its percentage
 * rounded down to whole pesos; never more than the products cost.
 */
export function couponDiscount(terms: CodeTerms, subtotal: number): number {
  const off =
    terms.discount_amount > 0
      ? terms.discount_amount
      : Math.floor((subtotal * terms.discount_percent) / 100);
  return Math.max(0, Math.min(off, subtotal));
}

/** One unit of a line: its product and price, and the order it sorts in (ties by position). */
interface Unit {
  product: number;
  price: number;
  at: number;
}

const cheapestFirst = (a: Unit, b: Unit) => a.price - b.price || a.at - b.at;
const dearestFirst = (a: Unit, b: Unit) => b.price - a.price || a.at - b.at;

/** What one rule would take off the units still free, and the units it takes. */
interface Offer {
  amount: number;
  units: Unit[];
}

/** N×M: of every `buy` matched units `buy − pay` are free, the cheapest of the set. */
function nxmOffer(rule: PromotionPricing, matched: Unit[]): Offer {
  const buy = rule.buy ?? 0;
  const pay = rule.pay ?? 0;
  if (buy <= 0 || pay < 0 || pay >= buy) return { amount: 0, units: [] };
  const groups = Math.floor(matched.length / buy);
  const sorted = [...matched].sort(cheapestFirst);
  const free = sorted.slice(0, groups * (buy - pay));
  // The units paid for alongside them are the dearest; the rest stay free for other rules.
  const paid = sorted.slice(sorted.length - groups * pay);
  return { amount: free.reduce((n, u) => n + u.price, 0), units: [...free, ...paid] };
}

/** Combo: each complete set (one unit of every product) costs `price`, its dearest units first. */
function comboOffer(rule: PromotionPricing, free: Unit[]): Offer {
  const products = [...new Set(rule.product_ids)];
  if (products.length === 0 || rule.price === null) return { amount: 0, units: [] };
  const byProduct = products.map((id) => free.filter((u) => u.product === id).sort(dearestFirst));
  const sets = Math.min(...byProduct.map((units) => units.length));
  let amount = 0;
  const units: Unit[] = [];
  for (let i = 0; i < sets; i++) {
    const set = byProduct.map((list) => list[i]!);
    const full = set.reduce((n, u) => n + u.price, 0);
    if (full <= rule.price) break;
    amount += full - rule.price;
    units.push(...set);
  }
  return { amount, units };
}

/** What `rule` would take off the `free` units. */
function offerOf(rule: PromotionPricing, free: Unit[]): Offer {
  if (rule.kind === 'combo') return comboOffer(rule, free);
  const ids = new Set(rule.product_ids);
  const matched = free.filter((u) => ids.has(u.product));
  switch (rule.kind) {
    case 'nxm':
      return nxmOffer(rule, matched);
    case 'percent': {
      const sum = matched.reduce((n, u) => n + u.price, 0);
      const amount = Math.floor((sum * Math.min(rule.percent ?? 0, 100)) / 100);
      return { amount: Math.max(0, amount), units: matched };
    }
    case 'amount': {
      const off = Math.max(0, rule.amount ?? 0);
      return { amount: matched.reduce((n, u) => n + Math.min(off, u.price), 0), units: matched };
    }
    default:
      return { amount: 0, units: [] };
  }
}

/** Every unit of the cart, in line order. */
function unitsOf(lines: readonly PromotionLine[]): Unit[] {
  const units: Unit[] = [];
  for (const line of lines)
    for (let i = 0; i < line.quantity; i++)
      units.push({ product: line.product_id, price: line.unit_price, at: units.length });
  return units;
}

/**
 * The product promotions: the rule that takes the most off goes first (ties: the lower id) and
 * takes its units; the next is weighed on the units left, so a unit is discounted once.
 */
function productPromotions(rules: readonly PromotionPricing[], lines: readonly PromotionLine[]) {
  let free = unitsOf(lines);
  let pending = rules.filter((r) => r.kind !== 'free_delivery');
  const applied: (AppliedPromotion & { stacks: boolean })[] = [];
  for (;;) {
    let best: { rule: PromotionPricing; offer: Offer } | null = null;
    for (const rule of pending) {
      const offer = offerOf(rule, free);
      if (offer.amount <= 0) continue;
      if (!best || offer.amount > best.offer.amount) best = { rule, offer };
      else if (offer.amount === best.offer.amount && rule.id < best.rule.id) best = { rule, offer };
    }
    if (!best) return applied;
    const { rule, offer } = best;
    const taken = new Set(offer.units);
    free = free.filter((u) => !taken.has(u));
    pending = pending.filter((r) => r !== rule);
    applied.push({
      id: rule.id,
      title: rule.title,
      amount: offer.amount,
      stacks: rule.stacks_with_code,
    });
  }
}

/** Free delivery: the first rule (by id) whose minimum the products reach once discounted. */
function freeDelivery(
  rules: readonly PromotionPricing[],
  fee: number,
  products: number,
): (AppliedPromotion & { stacks: boolean }) | null {
  if (fee <= 0) return null;
  const rule = rules
    .filter((r) => r.kind === 'free_delivery' && products >= (r.min_order ?? 0))
    .sort((a, b) => a.id - b.id)[0];
  return rule
    ? { id: rule.id, title: rule.title, amount: fee, stacks: rule.stacks_with_code }
    : null;
}

/**
 * The one pricing of a cart under promotions: `rules` are those in force for the order's
 * branch and time (promotionInForce) and the customer's limits; `lines` are priced by unitPrice;
 * `fee` is the delivery zone's (0 for pickup). A code stacks with the rules that say so; against
 * the others the better wins: the code when it takes off more than they do together, else they
 * do and the code is not applied. The code is weighed on the products less the stacking rules.
 */
export function priceWithPromotions(input: {
  rules: readonly PromotionPricing[];
  lines: readonly PromotionLine[];
  fee: number;
  code?: CodeTerms | null;
  /** The courier's tip, whole pesos (delivery only: the caller's check); absent: none. */
  tip?: number;
}): PromotedPrice {
  const { lines, fee } = input;
  const subtotal = lines.reduce((n, line) => n + line.unit_price * line.quantity, 0);
  const products = productPromotions(input.rules, lines);
  const productsOff = products.reduce((n, p) => n + p.amount, 0);
  const delivery = freeDelivery(input.rules, fee, subtotal - productsOff);
  let applied = delivery ? [...products, delivery] : products;
  let codeDiscount = 0;
  let codeApplied = false;
  if (input.code) {
    const stacking = applied.filter((p) => p.stacks);
    const stackingOff = stacking.reduce((n, p) => n + (p === delivery ? 0 : p.amount), 0);
    const others = applied.reduce((n, p) => n + (p.stacks ? 0 : p.amount), 0);
    const code = couponDiscount(input.code, subtotal - stackingOff);
    // Nothing to weigh it against: the code applies as it did before promotions.
    codeApplied = code > others || others === 0;
    if (codeApplied) {
      codeDiscount = code;
      applied = stacking;
    }
  }
  const promotions = applied.map(({ id, title, amount }) => ({ id, title, amount }));
  const discount = promotions.reduce((n, p) => n + p.amount, 0) + codeDiscount;
  const total = subtotal + fee - discount;
  const tip = input.tip ?? 0;
  return {
    subtotal,
    fee,
    promotions,
    code_discount: codeDiscount,
    code_applied: codeApplied,
    discount,
    total,
    tip,
    due: total + tip,
  };
}
