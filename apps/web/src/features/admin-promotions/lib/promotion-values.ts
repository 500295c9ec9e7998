import {
  WEEKDAY_LABELS,
  formatMoney,
  type AdminPromotion,
  type PromotionBody,
  type PromotionKind,
} from '@comanda/shared';

/** The form's fields, in their order on screen; lists of ids are held as "1,2,3". */
export const FIELDS = [
  'title',
  'kind',
  'buy',
  'pay',
  'percent',
  'amount',
  'price',
  'min_order',
  'product_ids',
  'category_ids',
  'days',
  'from',
  'to',
  'branch_ids',
  'starts_on',
  'ends_on',
  'per_customer_limit',
] as const;
export type Field = (typeof FIELDS)[number];
export type Values = Record<Field, string>;

/** Each kind as the admin reads it. */
export const KIND_LABELS: Record<PromotionKind, string> = {
  nxm: 'Lleva N, paga M (2x1, 3x2)',
  percent: 'Porcentaje de descuento',
  amount: 'Valor de descuento por unidad',
  combo: 'Combo a precio fijo',
  free_delivery: 'Domicilio gratis desde un valor',
};

const list = (ids: readonly number[]) => ids.join(',');
const text = (value: number | null) => (value === null ? '' : String(value));

/** A rule as its form holds it; a new one is a 2x1, every day, all day. */
export const promotionValues = (rule: AdminPromotion | null): Values => ({
  title: rule?.title ?? '',
  kind: rule?.kind ?? 'nxm',
  buy: rule ? text(rule.buy) : '2',
  pay: rule ? text(rule.pay) : '1',
  percent: text(rule?.percent ?? null),
  amount: text(rule?.amount ?? null),
  price: text(rule?.price ?? null),
  min_order: text(rule?.min_order ?? null),
  product_ids: list(rule?.product_ids ?? []),
  category_ids: list(rule?.category_ids ?? []),
  days: list(rule?.days ?? [0, 1, 2, 3, 4, 5, 6]),
  from: rule?.from ?? '00:00',
  to: rule?.to ?? '24:00',
  branch_ids: list(rule?.branch_ids ?? []),
  starts_on: rule?.starts_on ?? '',
  ends_on: rule?.ends_on ?? '',
  per_customer_limit: text(rule?.per_customer_limit ?? null),
});

/** "1,2" → [1, 2]. */
export const idsOf = (value: string): number[] =>
  value === '' ? [] : value.split(',').map((id) => Number(id));

/** A typed number ("40.000" reads 40000); empty is none; anything else goes as typed, for the check to name. */
function numberOf(value: string): number | null | string {
  const plain = value.trim().replace(/\./g, '');
  if (plain === '') return null;
  return /^\d+$/.test(plain) ? Number(plain) : value;
}

/** The body the server takes (and the browser checks first, with the same schema). */
export function bodyOf(
  values: Values,
  flags: { stacks_with_code: boolean; active: boolean },
): PromotionBody {
  const figures = ['buy', 'pay', 'percent', 'amount', 'price', 'min_order', 'per_customer_limit'];
  const numbers = Object.fromEntries(figures.map((f) => [f, numberOf(values[f as Field])]));
  return {
    ...numbers,
    title: values.title,
    kind: values.kind as PromotionKind,
    product_ids: idsOf(values.product_ids),
    category_ids: idsOf(values.category_ids),
    days: idsOf(values.days),
    from: values.from,
    to: values.to,
    branch_ids: idsOf(values.branch_ids),
    starts_on: values.starts_on,
    ends_on: values.ends_on,
    ...flags,
  } as PromotionBody;
}

/** "Lleva 2, paga 1", "15 % de descuento", "Combo a $40.000", "Domicilio gratis desde $40.000". */
export function dealText(rule: AdminPromotion): string {
  switch (rule.kind) {
    case 'nxm':
      return `Lleva ${rule.buy}, paga ${rule.pay}`;
    case 'percent':
      return `${rule.percent} % de descuento`;
    case 'amount':
      return `${formatMoney(rule.amount ?? 0)} menos por unidad`;
    case 'combo':
      return `Combo a ${formatMoney(rule.price ?? 0)}`;
    case 'free_delivery':
      return `Domicilio gratis desde ${formatMoney(rule.min_order ?? 0)}`;
  }
}

/** "Martes, 00:00–24:00" or "Todos los días, 22:00–02:00". */
export function whenText(rule: Pick<AdminPromotion, 'days' | 'from' | 'to'>): string {
  const days =
    rule.days.length === 7
      ? 'Todos los días'
      : [...rule.days]
          .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
          .map((d) => WEEKDAY_LABELS[d])
          .join(', ');
  const hours =
    rule.from === '00:00' && rule.to === '24:00' ? 'todo el día' : `${rule.from}–${rule.to}`;
  return `${days}, ${hours}`;
}
