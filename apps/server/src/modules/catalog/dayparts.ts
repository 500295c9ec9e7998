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
  /**
   * The category is offered and has a product dayparts leave in it: a category with none (a new
   * one not filled yet, or every product hidden) is not listed to customers.
   */
  categoryShown(id: number, at: Date): boolean;
  /** The first instant after `at` when any window of the menu opens or closes; null: none. */
  nextChange(at: Date): number | null;
}

export interface DaypartRows {
  categories: { id: number; dayparts: string }[];
  products: { id: number; category_id: number; dayparts: string }[];
}

/** The rows by category and product, each distinct stored set read once into one shared array. */
function indexRows(rows: DaypartRows) {
  // Most windowed rows share a few sets ("Desayunos" 06:00–11:00): one array per stored text, so
  // each set is weighed once per minute however many products carry it.
  const distinct = new Map<string, Daypart[]>();
  const setOf = (stored: string) => {
    let dayparts = distinct.get(stored);
    if (!dayparts) {
      dayparts = readDayparts(stored);
      distinct.set(stored, dayparts);
    }
    return dayparts;
  };
  const ofCategory = new Map<number, Daypart[]>();
  for (const row of rows.categories) {
    const dayparts = setOf(row.dayparts);
    if (dayparts.length > 0) ofCategory.set(row.id, dayparts);
  }
  const ofProduct = new Map<number, { categoryId: number; dayparts: Daypart[] }>();
  const byCategory = new Map<number, CategoryProducts>();
  for (const row of rows.products) {
    const dayparts = setOf(row.dayparts);
    ofProduct.set(row.id, { categoryId: row.category_id, dayparts });
    const entry = byCategory.get(row.category_id) ?? { always: false, windowed: [] };
    if (dayparts.length === 0) entry.always = true;
    else entry.windowed.push(dayparts);
    byCategory.set(row.category_id, entry);
  }
  return { sets: [...distinct.values()], ofCategory, ofProduct, byCategory };
}

/**
 * The two questions about the window sets, each answered once per set and minute: every answer
 * rebuilt within the same minute asks the same ones.
 */
function perMinute(sets: readonly Daypart[][]) {
  let minuteNow = Number.NaN;
  let offeredNow = new Map<Daypart[], boolean>();
  let nextNow: number | null | undefined;
  const sameMinute = (at: Date) => {
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute === minuteNow) return;
    minuteNow = minute;
    offeredNow = new Map();
    nextNow = undefined;
  };
  return {
    offered(dayparts: Daypart[], at: Date): boolean {
      if (dayparts.length === 0) return true;
      sameMinute(at);
      let answer = offeredNow.get(dayparts);
      if (answer === undefined) {
        answer = isOfferedAt(dayparts, at);
        offeredNow.set(dayparts, answer);
      }
      return answer;
    },
    nextChange(at: Date): number | null {
      sameMinute(at);
      if (nextNow !== undefined) return nextNow;
      let next: number | null = null;
      for (const dayparts of sets) {
        const change = nextDaypartChange(dayparts, at);
        if (change !== null && (next === null || change < next)) next = change;
      }
      nextNow = next;
      return next;
    },
  };
}

export function daypartSchedule(rows: DaypartRows): DaypartSchedule {
  const { sets, ofCategory, ofProduct, byCategory } = indexRows(rows);
  const { offered, nextChange } = perMinute(sets);
  const categoryOffered = (id: number, at: Date) => offered(ofCategory.get(id) ?? [], at);
  return {
    categoryOffered,
    productOffered(id, at) {
      const product = ofProduct.get(id);
      if (!product) return true;
      return categoryOffered(product.categoryId, at) && offered(product.dayparts, at);
    },
    categoryShown(id, at) {
      if (!categoryOffered(id, at)) return false;
      const products = byCategory.get(id);
      if (!products) return false;
      return products.always || products.windowed.some((d) => offered(d, at));
    },
    nextChange,
  };
}
