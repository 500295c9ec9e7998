import {
  cartTotal,
  formatMoney,
  lineTotal,
  priceRange,
  type Branch,
  type CategoryWithProducts,
  type Category,
  type ChainCategory,
  type Product,
} from '@comanda/shared';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Page,
} from './base-test';

// Every figure below comes from the API's answer and the shared pricing function, never from
// numbers written here: the demo chain's prices can change without breaking these tests.

async function results<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return ((await response.json()) as { results: T }).results;
}

const branches = (request: APIRequestContext) => results<Branch[]>(request, '/api/branch-office');
const branchBySlug = async (request: APIRequestContext, slug: string) => {
  const branch = (await branches(request)).find((b) => b.slug === slug);
  if (!branch) throw new Error(`the demo chain has no branch ${slug}`);
  return branch;
};

/** The contract's `storage` key, as the app persists it: its fields at the top level. */
async function setSession(page: Page, session: { branch: Branch | null; cart?: unknown[] }) {
  await page.goto('/menu');
  await page.evaluate(
    (state) => {
      localStorage.setItem('storage', JSON.stringify(state));
    },
    {
      access_token: null,
      user: null,
      loggedIn: false,
      branch: session.branch,
      delivery: session.branch ? 2 : null,
      cart: session.cart ?? [],
    },
  );
}

/** A product.md «Entities» cart line built from the API's product, required groups filled as the page would. */
function cartLine(
  product: Product,
  id: string,
  quantity: number,
  pick: 'first' | 'last-with-extras',
) {
  const modifier_group = product.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option, index) => ({
      ...option,
      selected: group.required
        ? index === (pick === 'first' ? 0 : group.modifiers_product.length - 1)
        : pick === 'last-with-extras',
    })),
  }));
  return {
    _id: id,
    id: product.id,
    slug: product.slug,
    title: product.title,
    description: product.description,
    image: product.image,
    price: product.price,
    quantity,
    total: lineTotal({ price: product.price, modifier_group }, quantity),
    favorite: null,
    modifier_group,
  };
}

test('the category page lists the API’s products at the chosen branch, with formatted prices', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const [first] = await results<Category[]>(request, '/api/category-client');
  if (!first) throw new Error('no categories');
  const category = await results<CategoryWithProducts>(
    request,
    `/api/category/${first.slug}/${campina.id}`,
  );
  expect(category.products.length).toBeGreaterThan(0);

  await setSession(page, { branch: campina });
  await page.goto(`/category/${category.slug}`);

  await expect(page.getByRole('heading', { level: 1, name: category.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(category.title));
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(category.products.length);

  for (const [index, product] of category.products.entries()) {
    const item = items.nth(index);
    await expect(item.getByRole('heading', { name: product.title })).toBeVisible();
    await expect(item).toContainText(product.description_eco);
    await expect(item).toContainText(
      `${product.price_varies ? 'Desde ' : ''}${formatMoney(product.price)}`,
    );
    if (product.available) {
      await expect(item.getByRole('link')).toHaveAttribute('href', `/producto/${product.slug}`);
    }
  }

  // Nothing in the cart: no bar nagging about an empty order.
  await expect(page.getByRole('link', { name: /^Ver pedido/ })).toHaveCount(0);
});

test('a product sold out at Campiña shows Agotado and cannot be added, while another branch sells it', async ({
  page,
  request,
}) => {
  const all = await branches(request);
  const campina = all.find((b) => b.slug === 'campina');
  if (!campina) throw new Error('no Campiña');

  // Find, from the API, a product sold out at Campiña and on sale at some other branch.
  let found: { category: CategoryWithProducts; slug: string; other: Branch } | undefined;
  for (const { slug } of await results<Category[]>(request, '/api/category-client')) {
    const category = await results<CategoryWithProducts>(
      request,
      `/api/category/${slug}/${campina.id}`,
    );
    for (const product of category.products.filter((p) => p.unavailable_reason === 'sold_out')) {
      for (const other of all.filter((b) => b.id !== campina.id)) {
        const there = await results<Product>(request, `/api/products/${product.slug}/${other.id}`);
        if (there.available) found ??= { category, slug: product.slug, other };
      }
    }
  }
  if (!found) throw new Error('the demo chain should have a product sold out only at Campiña');
  const { category, slug, other } = found;
  const soldOut = category.products.find((p) => p.slug === slug);
  if (!soldOut) throw new Error('unreachable');

  await setSession(page, { branch: campina });
  await page.goto(`/category/${category.slug}`);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: soldOut.title }) });
  await expect(card).toContainText('Agotado');
  await expect(card.getByRole('link')).toHaveCount(0);

  // Not even a typed-in link can add it.
  await page.goto(`/producto/${slug}`);
  await expect(page.getByText(`Agotado en ${campina.title}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Agregar \$/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Volver a ${category.title}` })).toHaveAttribute(
    'href',
    `/category/${category.slug}`,
  );

  // At the other branch the same product is on sale.
  await setSession(page, { branch: other });
  await page.goto(`/category/${category.slug}`);
  const link = page.getByRole('link', { name: soldOut.title });
  await expect(link).toHaveAttribute('href', `/producto/${slug}`);
  await expect(link).not.toContainText('Agotado');
  await link.click();
  await expect(page.getByRole('button', { name: /^Agregar \$/ })).toBeVisible();
});

test('a product not sold at the branch says so and does not link', async ({ page, request }) => {
  const all = await branches(request);
  let found: { branch: Branch; category: CategoryWithProducts; title: string } | undefined;
  for (const branch of all) {
    for (const { slug } of await results<Category[]>(request, '/api/category-client')) {
      const category = await results<CategoryWithProducts>(
        request,
        `/api/category/${slug}/${branch.id}`,
      );
      const product = category.products.find((p) => p.unavailable_reason === 'not_offered');
      if (product && !found) found = { branch, category, title: product.title };
    }
    if (found) break;
  }
  if (!found) throw new Error('the demo chain should have a product not offered somewhere');

  await setSession(page, { branch: found.branch });
  await page.goto(`/category/${found.category.slug}`);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: found.title }) });
  await expect(card).toContainText('No disponible en esta sede');
  await expect(card.getByRole('link')).toHaveCount(0);
});

test('without a branch it shows the chain’s menu at its lowest prices and offers to choose one', async ({
  page,
  request,
}) => {
  const [first] = await results<Category[]>(request, '/api/category-client');
  if (!first) throw new Error('no categories');
  const chain = await results<ChainCategory>(request, `/api/menu/category/${first.slug}`);
  await setSession(page, { branch: null });
  await page.goto(`/category/${first.slug}`);
  await expect(page.getByText('Elige tu sede para ver sus precios y pedir.')).toBeVisible();
  await expect(page.getByText('Todas las sedes')).toBeVisible();
  for (const product of chain.products) {
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });
    await expect(card).toContainText(
      `${product.price_varies ? 'Desde ' : ''}${formatMoney(product.price)}`,
    );
  }
  // The product is seen, with its options, but ordered only once a branch is chosen.
  await page.getByRole('heading', { name: chain.products[0]!.title, exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: chain.products[0]!.title }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Agregar \$/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Elegir sede' }).click();
  await expect(page).toHaveURL(/\/delivery-takeout$/);
});

test('an unknown category says so and leads back to the menu', async ({ page, request }) => {
  await setSession(page, { branch: await branchBySlug(request, 'campina') });
  await page.goto('/category/no-existe-esta-categoria');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Categoría no encontrada' }),
  ).toBeVisible();
  await expect(page.getByText('No encontramos esa categoría.')).toBeVisible();
  await page.getByRole('link', { name: 'Ir al Menu' }).click();
  await expect(page).toHaveURL(/\/menu$/);
});

test('a failed load shows a Spanish error with Reintentar, and retrying recovers', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const [first] = await results<Category[]>(request, '/api/category-client');
  if (!first) throw new Error('no categories');
  await setSession(page, { branch: campina });

  let fail = true;
  await page.route('**/api/category/**', (route) =>
    fail
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"message":"Servicio no disponible."}',
        })
      : route.continue(),
  );
  await page.goto(`/category/${first.slug}`);
  await expect(page.getByRole('alert')).toContainText('No pudimos cargar esta categoría.');
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
});

test('the bottom bar shows the stored cart’s total and count, and leads to the cart', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const category = await results<CategoryWithProducts>(
    request,
    `/api/category/pizzas/${campina.id}`,
  );
  const [firstCard] = category.products.filter((p) => p.available);
  if (!firstCard) throw new Error('no pizza on sale');
  const product = await results<Product>(request, `/api/products/${firstCard.slug}/${campina.id}`);

  // Two lines as the product page stores them: the biggest size with every extra, and the
  // smallest size alone. Real products, so the cart's re-check at the branch finds nothing amiss.
  const cart = [cartLine(product, 'a', 2, 'last-with-extras'), cartLine(product, 'b', 1, 'first')];

  await setSession(page, { branch: campina, cart });
  await page.goto('/category/pizzas');
  const bar = page.getByRole('region', { name: 'Tu pedido' });
  await expect(bar).toContainText(formatMoney(cartTotal(cart)));
  const link = bar.getByRole('link', { name: /^Ver pedido/ });
  await expect(link).toHaveAccessibleName('Ver pedido 3 productos');
  await link.click();
  await expect(page).toHaveURL(/\/carrito$/);
});

// The menu's price is the least the customer pays (decision 052): a pizza's card and page both say
// "Desde" its cheapest size, the figure its page charges for that size.
test("a sized product's card and page say Desde its cheapest size", async ({ page, request }) => {
  const campina = await branchBySlug(request, 'campina');
  const pizzas = await results<CategoryWithProducts>(request, `/api/category/pizzas/${campina.id}`);
  const card = pizzas.products.find((p) => p.available && p.price_varies);
  if (!card) throw new Error('no pizza with sizes on sale at Campiña');
  const product = await results<Product>(request, `/api/products/${card.slug}/${campina.id}`);
  const sizes = product.modifier_group.find((g) => g.required && g.type_input === 1)!;
  const cheapest = Math.min(...sizes.modifiers_product.map((o) => o.price));
  expect(card.price).toBe(cheapest);
  expect(priceRange(product)).toEqual({ price: cheapest, varies: true });

  await setSession(page, { branch: campina });
  await page.goto('/category/pizzas');
  const shown = `Desde ${formatMoney(cheapest)}`;
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: card.title, exact: true }) }),
  ).toContainText(shown);
  await page.getByRole('heading', { name: card.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(shown);
  const option = sizes.modifiers_product.find((o) => o.price === cheapest)!;
  await page.getByRole('radio', { name: option.title }).check();
  await expect(
    page.getByRole('button', { name: `Agregar ${formatMoney(cheapest)}` }),
  ).toBeVisible();
});

test('the category page has no accessibility violations', async ({ page, request }) => {
  const campina = await branchBySlug(request, 'campina');
  const pizzas = await results<CategoryWithProducts>(request, `/api/category/pizzas/${campina.id}`);
  const onSale = pizzas.products.find((p) => p.available);
  if (!onSale) throw new Error('no pizza on sale');
  const product = await results<Product>(request, `/api/products/${onSale.slug}/${campina.id}`);
  await setSession(page, { branch: campina, cart: [cartLine(product, 'a', 1, 'first')] });
  // A category with a sold-out product at Campiña, so the greyed card is checked too.
  const withSoldOut = [];
  for (const { slug } of await results<Category[]>(request, '/api/category-client')) {
    const category = await results<CategoryWithProducts>(
      request,
      `/api/category/${slug}/${campina.id}`,
    );
    if (category.products.some((p) => !p.available)) withSoldOut.push(category);
  }
  const category = withSoldOut[0];
  if (!category) throw new Error('no category with a sold-out product at Campiña');

  await page.goto(`/category/${category.slug}`);
  await expect(page.getByText('Agotado', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ver pedido/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a long category renders its first cards at once and the rest as the customer scrolls', async ({
  page,
  request,
}) => {
  const campina = await branchBySlug(request, 'campina');
  const [first] = await results<Category[]>(request, '/api/category-client');
  if (!first) throw new Error('no categories');
  const real = await results<CategoryWithProducts>(
    request,
    `/api/category/${first.slug}/${campina.id}`,
  );
  const [template] = real.products;
  if (!template) throw new Error('the first category has no products');
  // The real answer, its product repeated under new ids and slugs: 150 cards.
  const products = Array.from({ length: 150 }, (_, i) => ({
    ...template,
    id: 100_000 + i,
    slug: `${template.slug}-${i}`,
    title: `${template.title} ${i + 1}`,
  }));
  await setSession(page, { branch: campina });
  await page.route('**/api/category/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ results: { ...real, products } }),
    }),
  );
  await page.goto(`/category/${first.slug}`);
  await expect(page.getByText(`150 productos · ${campina.title}`)).toBeVisible();
  const cards = page.locator('main ul > li');
  await expect(cards.first()).toContainText(`${template.title} 1`);
  expect(await cards.count()).toBeLessThan(150);

  // Scrolling to the end keeps rendering until every product is there, in order.
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    expect(await cards.count()).toBe(150);
  }).toPass();
  await expect(cards.last()).toContainText(`${template.title} 150`);
});
