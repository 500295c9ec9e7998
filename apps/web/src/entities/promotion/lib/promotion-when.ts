import { describeChainTime, nextDaypartChange, type Promotion } from '@comanda/shared';

/**
 * Until when a promotion in force at `now` lasts, as the menu says it: «hoy hasta las 23:00»,
 * «hasta mañana a las 02:00» (a window past midnight), «hoy hasta la medianoche» (a whole day),
 * «todos los días» (a window that never closes). Its last day (`ends_on`) aside: the week's
 * window is what a customer plans a visit by.
 */
export function promotionWhen(rule: Pick<Promotion, 'days' | 'from' | 'to'>, now: Date): string {
  const wholeDay = rule.from === '00:00' && (rule.to === '24:00' || rule.to === '00:00');
  if (wholeDay && new Set(rule.days).size === 7) return 'todos los días';
  const end = nextDaypartChange([{ days: [...rule.days], from: rule.from, to: rule.to }], now);
  if (end === null) return 'todos los días';
  const at = describeChainTime(new Date(end), now);
  if (at === 'mañana a las 00:00') return 'hoy hasta la medianoche';
  return at.startsWith('a las') ? `hoy hasta las ${at.slice(6)}` : `hasta ${at}`;
}
