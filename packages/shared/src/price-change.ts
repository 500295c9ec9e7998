/**
 * The back office's bulk price change (product.md «Back office: Menú»): one rule, used by the
 * server for its preview and its apply, so what the admin saw is what is written.
 */

import { formatMoney } from './money';

export const PRICE_CHANGE_MODES = ['percent', 'amount'] as const;
export type PriceChangeMode = (typeof PRICE_CHANGE_MODES)[number];

/** A percentage change lands on a multiple of this many pesos (prices are whole pesos). */
export const PRICE_ROUNDING = 100;

/**
 * The new price: `amount` adds the pesos as they are (a whole number, maybe negative);
 * `percent` scales the price and rounds to the nearest PRICE_ROUNDING pesos, halves up
 * ($18.150 → $18.200). The caller refuses results of 0 or less.
 */
export function changedPrice(old: number, mode: PriceChangeMode, value: number): number {
  if (mode === 'amount') return old + value;
  // Cents of a percent first, so 10 % of $25.000 is exactly 2.500 and not 2.500000004.
  const scaled = (old * Math.round((100 + value) * 100)) / 10_000;
  return Math.round(scaled / PRICE_ROUNDING) * PRICE_ROUNDING;
}

/** "10 %", "12,5 %", "$1.000": the size of a change, without its sign, in Spanish. */
export function priceChangeSize(mode: PriceChangeMode, value: number): string {
  const size = Math.abs(value);
  if (mode === 'percent') return `${String(size).replace('.', ',')} %`;
  return formatMoney(size);
}
