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

test('search is one tap from the menu, behind a magnifier; the header names what to choose', async ({
  page,
  request,
}) => {
  // No branch yet: the header asks for one by name.
  await page.goto('/menu');
  const opener = page.getByRole('button', { name: /elegir sede/ });
  await expect(opener).toContainText('Elige sede');
  await expect(opener).not.toContainText('SELECCIONA');

  // With a branch (search reads its menu), as the branch list leaves the session.
  const branches = (
    (await (await request.get('/api/branch-office')).json()) as {
      results: { id: number; slug: string; title: string }[];
    }
  ).results;
  const branch = branches.find((b) => b.slug === 'campina')!;
  await page
    .context()
    .addCookies([{ name: 'comanda_branch', value: String(branch.id), url: page.url() }]);
  await page.evaluate((value) => localStorage.setItem('storage', JSON.stringify(value)), {
    access_token: null,
    user: null,
    loggedIn: false,
    branch,
    delivery: 2,
    cart: [],
  });
  await page.goto('/menu');
  await expect(opener).toContainText(branch.title);
  const search = page.getByRole('link', { name: 'Buscar en el menú' });
  await expect(search).toBeVisible();
  // Its icon is a magnifier (an SVG mask), not the ring it used to be.
  expect(await search.evaluate((link) => getComputedStyle(link, '::before').maskImage)).toContain(
    'svg',
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('menu-search-360.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: test.info().outputPath('menu-search-1024.png') });

  await search.click();
  await expect(page).toHaveURL(/\/buscar$/);
  await expect(page.getByRole('searchbox', { name: 'Buscar en el menú' })).toBeFocused();
});
