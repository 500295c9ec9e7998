import { MAX_TIP } from '@comanda/shared';

/**
 * The courier's tip at checkout (decision 085): none, one of two round amounts, or a value the
 * customer types. Delivery orders only; the server refuses one on a pickup order.
 */
export const TIP_PRESETS = [2000, 5000] as const;

export type TipChoice = 'none' | 'other' | `${(typeof TIP_PRESETS)[number]}`;

export interface TipState {
  choice: TipChoice;
  /** «Otro valor», as typed. */
  other: string;
}

export const NO_TIP: TipState = { choice: 'none', other: '' };

/**
 * The tip in whole pesos (dots, spaces and `$` ignored; blank «Otro valor» is none), or null when
 * what was typed is not a whole amount from 0 to MAX_TIP.
 */
export function tipAmount(tip: TipState): number | null {
  if (tip.choice === 'none') return 0;
  if (tip.choice !== 'other') return Number(tip.choice);
  const digits = tip.other.replace(/[.\s$]/g, '');
  if (digits === '') return 0;
  if (!/^[0-9]{1,9}$/.test(digits)) return null;
  const value = Number(digits);
  return value <= MAX_TIP ? value : null;
}
