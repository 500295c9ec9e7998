// The demo chain as the benches read it over HTTP: what an order of theirs is made of.

/** The demo branch open round the clock, so a bench is never refused for the hour. */
export async function alwaysOpenBranch(json) {
  const branch = (await json('/api/branch-office')).results.find(
    (b) =>
      b.opening_hours.length === 7 &&
      b.opening_hours.every((h) => h.opens === '00:00' && h.closes === '24:00'),
  );
  if (!branch) throw new Error('the demo chain has no branch open 24 hours');
  return branch;
}

/** A product as a cart line of `quantity`: the first option of each required group chosen. */
export function asCartLine(product, quantity) {
  return {
    ...product,
    quantity,
    modifier_group: product.modifier_group.map((g) => ({
      ...g,
      modifiers_product: g.modifiers_product.map((o, i) => ({
        ...o,
        selected: g.required && i === 0,
      })),
    })),
  };
}
