import { expect, expectNoAxeViolations, test } from './base-test';

test("the menu shows the chain's categories from the API, each linking to its page", async ({
  page,
  request,
}) => {
  const api = await request.get('/api/category-client');
  expect(api.ok()).toBe(true);
  const { results } = (await api.json()) as { results: { slug: string; title: string }[] };
  expect(results.length).toBeGreaterThanOrEqual(6);

  await page.goto('/menu');
  for (const category of results) {
    const tile = page.getByRole('link', { name: category.title, exact: false }).first();
    await expect(tile).toBeVisible();
    await expect(tile).toHaveAttribute('href', `/category/${category.slug}`);
  }
});

test('a deep link loads the storefront instead of a server 404', async ({ page }) => {
  // A path the server does not render, and one it does (an unknown product is a 404 since the
  // server renders product pages: server-render.spec.ts).
  for (const path of ['/delivery-takeout', '/producto/hamburguesa-clasica']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
});

test('the menu has no accessibility violations', async ({ page }) => {
  await page.goto('/menu');
  await expect(page.getByRole('link').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
