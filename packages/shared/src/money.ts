const pesos = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** product.md «Entities, Business constants»: prices are whole pesos shown with '$' and German-locale grouping: `$12.500`. */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${pesos.format(Math.abs(amount))}`;
}
