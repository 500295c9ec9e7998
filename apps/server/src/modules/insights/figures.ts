// Small arithmetic the reports share: rounding as the answers promise it.

/** sales / orders to the peso; 0 over none. */
export const averageTicket = (sales: number, orders: number) =>
  orders === 0 ? 0 : Math.round(sales / orders);

/** part / whole as a percentage with one decimal; null over none. */
export const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** The promise's line: measured, kept, and the share kept. */
export const promiseLine = (measured: number, kept: number) => ({
  measured,
  kept,
  kept_pct: percent(kept, measured),
});
