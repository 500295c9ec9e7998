/**
 * product.md «Entities, Business constants»: prices are whole pesos shown with '$' and German-locale
 * grouping: `$12.500`. Grouped by hand rather than by `Intl.NumberFormat('de-DE')`: the same
 * text for every amount, but a page's first `Intl` formatter loads the locale data, a task of
 * 20–40 ms in this machine's Chromium (four times that on a cheap phone) that every first screen
 * paid while it was becoming interactive.
 */
export function formatMoney(amount: number): string {
  // Up to 2^53 (any price by far: the back office caps them at ADMIN_MONEY_MAX), String() writes
  // every digit.
  const digits = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${amount < 0 ? '-' : ''}$${digits}`;
}
