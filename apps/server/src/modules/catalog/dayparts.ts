import { isOfferedAt, nextDaypartChange, type Daypart } from '@comanda/shared';
import { readDayparts } from '../../db/dayparts';

/** What the catalogue knows of a category's products, to tell when dayparts empty it. */
interface CategoryProducts {
  /** Some active product of it has no windows of its own: it is never emptied by dayparts. */
  always: boolean;
  /** The windows of each of its other active products. */
  windowed: Daypart[][];
}

/**
 * The menu's dayparts (decision 047), read once per catalogue version (the catalogue drops it
 * with its answers on every menu change) and asked by each answer's rebuild, never per request:
 * which categories and products are offered at an instant, and when that next changes.
 */
export interface DaypartSchedule {
  /** The category is within its own windows. */
  categoryOffered(id: number, at: Date): boolean;
  /** The product is within its own windows and within its category's. */
  productOffered(id: number, at: Date): boolean;
  /** The category is offered and dayparts leave at least one of its products (or it has none). */
  categoryShown(id: number, at: Date): boolean;
  /** The first instant after `at` when any window of the menu opens or closes; null: none. */
  nextChange(at: Date): number | null;
}

export interface DaypartRows {
  categories: { id: number; dayparts: string }[];
  products: { id: number; category_id: number; dayparts: string }[];
}

export function daypartSchedule(rows: DaypartRows): DaypartSchedule {
  const ofCategory = new Map<number, Daypart[]>();
  for (const row of rows.categories) {
    const dayparts = readDayparts(row.dayparts);
    if (dayparts.length > 0) ofCategory.set(row.id, dayparts);
  }
  const ofProduct = new Map<number, { categoryId: number; dayparts: Daypart[] }>();
  const byCategory = new Map<number, CategoryProducts>();
  for (const row of rows.products) {
    const dayparts = readDayparts(row.dayparts);
    ofProduct.set(row.id, { categoryId: row.category_id, dayparts });
    const entry = byCategory.get(row.category_id) ?? { always: false, windowed: [] };
    if (dayparts.length === 0) entry.always = true;
    else entry.windowed.push(dayparts);
    byCategory.set(row.category_id, entry);
  }
  // Most windowed products share a few sets ("Desayunos" 06:00–11:00): each set counts once.
  const distinct = new Map<string, Daypart[]>();
  for (const dayparts of [
    ...ofCategory.values(),
    ...[...ofProduct.values()].map((p) => p.dayparts),
  ])
    if (dayparts.length > 0) distinct.set(JSON.stringify(dayparts), dayparts);
  // Every answer rebuilt within the same minute asks the same question: answered once.
  let memo: { minute: number; next: number | null } | null = null;

  const categoryOffered = (id: number, at: Date) => isOfferedAt(ofCategory.get(id) ?? [], at);
  return {
    categoryOffered,
    productOffered(id, at) {
      const product = ofProduct.get(id);
      if (!product) return true;
      return categoryOffered(product.categoryId, at) && isOfferedAt(product.dayparts, at);
    },
    categoryShown(id, at) {
      if (!categoryOffered(id, at)) return false;
      const products = byCategory.get(id);
      return !products || products.always || products.windowed.some((d) => isOfferedAt(d, at));
    },
    nextChange(at) {
      const minute = Math.floor(at.getTime() / 60_000);
      if (memo?.minute === minute) return memo.next;
      let next: number | null = null;
      for (const dayparts of distinct.values()) {
        const change = nextDaypartChange(dayparts, at);
        if (change !== null && (next === null || change < next)) next = change;
      }
      memo = { minute, next };
      return next;
    },
  };
}
