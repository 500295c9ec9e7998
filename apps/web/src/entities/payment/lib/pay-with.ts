import { formatMoney } from '@comanda/shared';

/** Bills and round amounts people pay with: the next of each above the total is a likely answer. */
const ROUNDS = [10_000, 20_000, 50_000, 100_000];

/**
 * Amounts a customer paying `total` in cash is likely to hand over, smallest first (at most three,
 * each above the total): the next multiple of $10.000, of $20.000, of $50.000 and of $100.000.
 */
export function changeSuggestions(total: number): number[] {
  const next = ROUNDS.map((round) => Math.ceil((total + 1) / round) * round);
  return [...new Set(next)].sort((a, b) => a - b).slice(0, 3);
}

/** What the customer typed as pesos: digits only (dots and spaces ignored); null when empty or not a number. */
export function readPesos(typed: string): number | null {
  const digits = typed.replace(/[.\s$]/g, '');
  if (!/^[0-9]{1,9}$/.test(digits)) return null;
  const value = Number(digits);
  return value > 0 ? value : null;
}

/** "Paga con $50.000 · cambio $12.100" (or "sin cambio"), for the card, the ticket and the order page. */
export function payWithText(payWith: number, total: number, subject = 'Paga'): string {
  const change = payWith - total;
  return `${subject} con ${formatMoney(payWith)} · ${change > 0 ? `cambio ${formatMoney(change)}` : 'sin cambio'}`;
}
