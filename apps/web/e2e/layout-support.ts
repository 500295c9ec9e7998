import { expect, type Page } from './base-test';

/**
 * Each line of a list of products (checkout, an order, the history): its first paragraph (the
 * name) and its last (the amount) do not overlap, and neither leaves a `width`-px screen.
 */
export async function expectNamesClearOfPrices(page: Page, lines: string, width: number) {
  const items = page.locator(lines);
  await expect(items.first()).toBeVisible();
  for (const item of await items.all()) {
    const name = await item.locator('p').first().boundingBox();
    const price = await item.locator('p').last().boundingBox();
    if (!name || !price) throw new Error('a line without its name or price');
    const apart =
      name.x + name.width <= price.x + 0.5 ||
      price.x + price.width <= name.x + 0.5 ||
      name.y + name.height <= price.y + 0.5 ||
      price.y + price.height <= name.y + 0.5;
    expect(apart, `${lines} at ${width} px`).toBe(true);
    expect(Math.max(name.x + name.width, price.x + price.width), `${width} px`).toBeLessThanOrEqual(
      width,
    );
  }
}
