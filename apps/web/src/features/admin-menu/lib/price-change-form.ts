import type { PriceChangeBody, PriceChangeLine, PriceChangeMode } from '@comanda/shared';
import { parsePesos } from './product-draft';

/** The "Cambiar precios" form as typed: what it changes, where, and by how much. */
export interface PriceChangeForm {
  scope: 'category' | 'products';
  categoryId: number | null;
  productIds: number[];
  /** null: every branch. */
  branchId: number | null;
  mode: PriceChangeMode;
  value: string;
}

/**
 * The value as typed: a percentage ("10", "+10 %", "-12,5") or pesos ("1.000", "-$2.500"). What
 * cannot be read becomes NaN, which the server refuses with the mode's own message.
 */
export function parseChange(mode: PriceChangeMode, text: string): number {
  const trimmed = text.trim().replace(/\s/g, '');
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const unsigned = trimmed.replace(/^[+-]/, '');
  if (mode === 'amount') return sign * parsePesos(unsigned);
  const number = unsigned.replace(/%$/, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(number) ? sign * Number(number) : Number.NaN;
}

export function bodyOf(form: PriceChangeForm): PriceChangeBody {
  const selection =
    form.scope === 'category'
      ? { category_id: form.categoryId ?? 0 }
      : { product_ids: form.productIds };
  return {
    ...selection,
    branch_id: form.branchId,
    mode: form.mode,
    value: parseChange(form.mode, form.value),
  };
}

/** Which price of the product a line changes, in Spanish: the list price, a branch's, a size's. */
export function whichPrice(line: PriceChangeLine): string {
  if (line.option_title !== null) return `Tamaño ${line.option_title}`;
  if (line.branch_title !== null) return `En ${line.branch_title}`;
  return 'Precio del producto';
}
