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

/**
 * What the page's sticky and fixed parts (the header, a bar of buttons) cover of the viewport as
 * it is scrolled now: the band they leave free between them, and the pixels they take.
 */
export async function stuckChrome(page: Page) {
  return page.evaluate(() => {
    const height = window.innerHeight;
    let top = 0;
    let bottom = height;
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const { position, visibility } = getComputedStyle(element);
      if ((position !== 'sticky' && position !== 'fixed') || visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.height === 0 || box.bottom <= 0 || box.top >= height) continue;
      if (box.top < height / 2) top = Math.max(top, box.bottom);
      else bottom = Math.min(bottom, box.top);
    }
    return { top, bottom, covered: top + (height - bottom), height };
  });
}
