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

/** The form's fields as the form hook holds them (text), named as the API names them. */
export const PRICE_CHANGE_FIELDS = [
  'scope',
  'category_id',
  'product_ids',
  'branch_id',
  'mode',
  'value',
] as const;
export type PriceChangeField = (typeof PRICE_CHANGE_FIELDS)[number];
export type PriceChangeValues = Record<PriceChangeField, string>;

/** Nothing chosen yet: a category's change by a percentage, in every branch. */
export const PRICE_CHANGE_START: PriceChangeValues = {
  scope: 'category',
  category_id: '',
  product_ids: '',
  branch_id: '',
  mode: 'percent',
  value: '',
};

const idOrNull = (text: string) => (text ? Number(text) : null);

/** The form's text values as the form reads them: ids as numbers, the ticked products a list. */
export const formOf = (values: PriceChangeValues): PriceChangeForm => ({
  scope: values.scope === 'products' ? 'products' : 'category',
  categoryId: idOrNull(values.category_id),
  productIds: values.product_ids ? values.product_ids.split(',').map(Number) : [],
  branchId: idOrNull(values.branch_id),
  mode: values.mode === 'amount' ? 'amount' : 'percent',
  value: values.value,
});

/** A change of the form as the text values it sets. */
export function valuesOf(patch: Partial<PriceChangeForm>): Partial<PriceChangeValues> {
  const text = (id: number | null) => (id === null ? '' : String(id));
  return {
    ...(patch.scope === undefined ? {} : { scope: patch.scope }),
    ...(patch.categoryId === undefined ? {} : { category_id: text(patch.categoryId) }),
    ...(patch.productIds === undefined ? {} : { product_ids: patch.productIds.join(',') }),
    ...(patch.branchId === undefined ? {} : { branch_id: text(patch.branchId) }),
    ...(patch.mode === undefined ? {} : { mode: patch.mode }),
    ...(patch.value === undefined ? {} : { value: patch.value }),
  };
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
