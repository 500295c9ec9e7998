import {
  formatMoney,
  lineTotal,
  unitPrice,
  type Branch,
  type CategoryWithProducts,
  type ModifierGroup,
  type Product,
} from '@comanda/shared';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Page,
} from './base-test';
import { uniquePhone } from './unique';

// Expected totals are computed from the API's product with the shared pricing function: the
// page must agree with the function the server charges with, whatever the seed's prices are.

async function results<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return ((await response.json()) as { results: T }).results;
}

async function campina(request: APIRequestContext): Promise<Branch> {
  const branch = (await results<Branch[]>(request, '/api/branch-office')).find(
    (b) => b.slug === 'campina',
  );
  if (!branch) throw new Error('the demo chain has no Campiña');
  return branch;
}

interface Pizza {
  branch: Branch;
  category: CategoryWithProducts;
  product: Product;
  size: ModifierGroup;
  extras: ModifierGroup;
}

/** A product on sale at Campiña with a priced required group (a size) and priced optional extras. */
async function findPizza(request: APIRequestContext): Promise<Pizza> {
  const branch = await campina(request);
  const category = await results<CategoryWithProducts>(
    request,
    `/api/category/pizzas/${branch.id}`,
  );
  for (const card of category.products.filter((p) => p.available)) {
    const product = await results<Product>(request, `/api/products/${card.slug}/${branch.id}`);
    const size = product.modifier_group.find(
      (g) => g.required && g.modifiers_product.some((o) => o.price > 0),
    );
    const extras = product.modifier_group.find(
      (g) => !g.required && g.modifiers_product.filter((o) => o.price > 0).length >= 2,
    );
    if (size && extras) return { branch, category, product, size, extras };
  }
  throw new Error('no pizza with sizes and extras at Campiña');
}

/** The product with the given option ids selected, as the cart stores it. */
function withSelected(product: Product, ids: readonly number[]): Product {
  return {
    ...product,
    modifier_group: product.modifier_group.map((group) => ({
      ...group,
      modifiers_product: group.modifiers_product.map((option) => ({
        ...option,
        selected: ids.includes(option.id),
      })),
    })),
  };
}

interface StoredCartItem {
  _id: string;
  id: number;
  slug: string;
  title: string;
  price: number;
  quantity: number;
  total: number;
  favorite: unknown;
  modifier_group: ModifierGroup[];
}

async function setSession(
  page: Page,
  session: { branch: Branch; cart?: unknown[]; token?: string },
) {
  await page.goto('/menu');
  await page.evaluate((state) => localStorage.setItem('storage', JSON.stringify(state)), {
    access_token: session.token ?? null,
    user: session.token ? { email: 'cliente@comanda.test' } : null,
    loggedIn: Boolean(session.token),
    branch: session.branch,
    delivery: 2,
    cart: session.cart ?? [],
  });
}

const storedCart = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('storage');
    return raw ? (JSON.parse(raw) as { cart: StoredCartItem[] }).cart : [];
  });

const option = (group: ModifierGroup, index: number) => {
  const found = group.modifiers_product[index];
  if (!found) throw new Error(`${group.title} has no option ${index}`);
  return found;
};

const addButton = (page: Page) => page.getByRole('button', { name: /^Agregar \$/ });

test('a required group keeps Agregar disabled and names the group until chosen', async ({
  page,
  request,
}) => {
  const { branch, product, size } = await findPizza(request);
  await setSession(page, { branch });
  await page.goto(`/producto/${product.slug}`);

  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page).toHaveTitle(`${product.title} · La Brasa Dorada`);
  await expect(page.getByText(product.description)).toBeVisible();
  await expect(addButton(page)).toBeDisabled();
  await expect(page.getByText(`Elige una opción en ${size.title}`)).toBeVisible();

  // A tap on the disabled button adds nothing and points at the missing group.
  await addButton(page).click({ force: true });
  await expect(page.getByRole('radio', { name: option(size, 0).title })).toBeFocused();
  expect(await storedCart(page)).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/producto/${product.slug}$`));

  await page.getByRole('radio', { name: option(size, 0).title }).check();
  await expect(addButton(page)).toBeEnabled();
  await expect(page.getByText(`Elige una opción en ${size.title}`)).toHaveCount(0);
});

test('each size sets the Agregar total to what unitPrice gives; extras add up; quantity 2 doubles', async ({
  page,
  request,
}) => {
  const { branch, product, size, extras } = await findPizza(request);
  await setSession(page, { branch });
  await page.goto(`/producto/${product.slug}`);

  const sizes = page.getByRole('group', { name: size.title });
  for (const choice of size.modifiers_product) {
    // The option shows its own price as the product's price ("$42.900").
    const radio = sizes.getByRole('radio', { name: choice.title });
    await expect(sizes.getByText(formatMoney(choice.price), { exact: true }).first()).toBeVisible();
    await radio.check();
    await expect(addButton(page)).toHaveText(
      `Agregar ${formatMoney(unitPrice(withSelected(product, [choice.id])))}`,
    );
  }
  // Choosing one deselects the others (product.md «States and transitions»).
  await expect(sizes.getByRole('radio', { checked: true })).toHaveCount(1);

  const chosenSize = option(size, size.modifiers_product.length - 1);
  const priced = extras.modifiers_product.filter((o) => o.price > 0).slice(0, 2);
  const extraBoxes = page.getByRole('group', { name: extras.title });
  const ids = [chosenSize.id];
  for (const extra of priced) {
    await expect(extraBoxes.getByText(`+${formatMoney(extra.price)}`).first()).toBeVisible();
    await extraBoxes.getByRole('checkbox', { name: extra.title }).check();
    ids.push(extra.id);
    await expect(addButton(page)).toHaveText(
      `Agregar ${formatMoney(unitPrice(withSelected(product, ids)))}`,
    );
  }
  // The extras really did add to the size's price.
  expect(unitPrice(withSelected(product, ids))).toBeGreaterThan(
    unitPrice(withSelected(product, [chosenSize.id])),
  );

  await page.getByRole('button', { name: 'Agregar uno' }).click();
  await expect(page.getByRole('group', { name: 'Cantidad' }).getByRole('status')).toHaveText(
    'Cantidad: 2',
  );
  await expect(addButton(page)).toHaveText(
    `Agregar ${formatMoney(lineTotal(withSelected(product, ids), 2))}`,
  );

  // Unticking an extra takes it off again.
  const [firstExtra] = priced;
  if (!firstExtra) throw new Error('no extra');
  await extraBoxes.getByRole('checkbox', { name: firstExtra.title }).uncheck();
  const without = ids.filter((id) => id !== firstExtra.id);
  await expect(addButton(page)).toHaveText(
    `Agregar ${formatMoney(lineTotal(withSelected(product, without), 2))}`,
  );
});

test('Agregar puts the item first in the stored cart with its options, then goes back', async ({
  page,
  request,
}) => {
  const { branch, category, product, size, extras } = await findPizza(request);
  // A line already in the cart: another real product, so the cart's re-check at the branch
  // finds nothing to flag.
  const otherCard = category.products.find((p) => p.available && p.slug !== product.slug);
  if (!otherCard) throw new Error('no second product on sale');
  const other = await results<Product>(request, `/api/products/${otherCard.slug}/${branch.id}`);
  const otherChosen = withSelected(
    other,
    other.modifier_group.filter((g) => g.required).map((g) => option(g, 0).id),
  );
  const earlier = {
    _id: 'earlier',
    id: other.id,
    slug: other.slug,
    title: other.title,
    description: other.description,
    image: other.image,
    price: other.price,
    quantity: 1,
    total: lineTotal(otherChosen, 1),
    favorite: null,
    modifier_group: otherChosen.modifier_group,
  };
  await setSession(page, { branch, cart: [earlier] });

  await page.goto(`/category/${category.slug}`);
  await page.getByRole('link', { name: product.title }).click();
  await expect(page).toHaveURL(new RegExp(`/producto/${product.slug}$`));

  const chosenSize = option(size, 1);
  const extra = extras.modifiers_product.find((o) => o.price > 0);
  if (!extra) throw new Error('no priced extra');
  await page.getByRole('radio', { name: chosenSize.title }).check();
  await page.getByRole('checkbox', { name: extra.title }).check();
  await page.getByRole('button', { name: 'Agregar uno' }).click();
  const expected = lineTotal(withSelected(product, [chosenSize.id, extra.id]), 2);
  await addButton(page).click();

  // Back on the category, with the new line first.
  await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
  const cart = await storedCart(page);
  expect(cart).toHaveLength(2);
  const [line, previous] = cart;
  expect(previous?._id).toBe('earlier');
  expect(line).toMatchObject({
    id: product.id,
    slug: product.slug,
    title: product.title,
    price: product.price,
    quantity: 2,
    total: expected,
    favorite: product.favorite,
  });
  expect(line?._id).toMatch(/^[0-9a-f-]{32,36}$/);
  const selected = line?.modifier_group.flatMap((g) =>
    g.modifiers_product.filter((o) => o.selected).map((o) => o.id),
  );
  expect(selected?.sort()).toEqual([chosenSize.id, extra.id].sort());
  expect(line?.modifier_group).toHaveLength(product.modifier_group.length);

  // The bottom bar adds the new line to the old one.
  await expect(page.getByRole('region', { name: 'Tu pedido' })).toContainText(
    formatMoney(expected + earlier.total),
  );
});

test('taking the quantity to 0 goes back without adding', async ({ page, request }) => {
  const { branch, category, product } = await findPizza(request);
  await setSession(page, { branch });
  await page.goto(`/category/${category.slug}`);
  await page.getByRole('link', { name: product.title }).click();
  await expect(page.getByRole('group', { name: 'Cantidad' }).getByRole('status')).toHaveText(
    'Cantidad: 1',
  );
  await page.getByRole('button', { name: 'Quitar uno' }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
  expect(await storedCart(page)).toEqual([]);
});

test('opened from a shared link, leaving goes to the product’s category', async ({
  page,
  request,
}) => {
  const { branch, category, product } = await findPizza(request);
  await setSession(page, { branch });
  // A fresh tab: no screen of ours behind the product page.
  const fresh = await page.context().newPage();
  await fresh.goto(`/producto/${product.slug}`);
  await fresh.getByRole('button', { name: 'Quitar uno' }).click();
  await expect(fresh).toHaveURL(new RegExp(`/category/${category.slug}$`));
});

test('the favourite heart while logged out says "No estas logueado" on the page, and Iniciar sesión comes back to the product', async ({
  page,
  request,
}) => {
  const { branch, product } = await findPizza(request);
  await setSession(page, { branch });
  await page.goto(`/producto/${product.slug}`);

  const heart = page.getByRole('button', { name: 'Agregar a favoritos' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const favoriteCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/favorites')) favoriteCalls.push(req.url());
  });
  await heart.click();
  const alert = page.getByRole('alert').filter({ hasText: 'No estas logueado' });
  await expect(alert).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  expect(favoriteCalls).toEqual([]);

  await alert.getByRole('link', { name: 'Iniciar sesión' }).click();
  await page.getByLabel('Email o celular').fill('cliente@comanda.test');
  await page.getByLabel('Contraseña', { exact: true }).fill('comanda123');
  await page.getByRole('button', { name: 'Iniciar' }).click();
  await expect(page).toHaveURL(new RegExp(`/producto/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
});

test('the favourite heart while logged in asks the server and shows its failure, never a fake success', async ({
  page,
  request,
}) => {
  const { branch, product } = await findPizza(request);
  // A real session: the app drops a token the server does not know (socket 'unauthorized').
  const login = await request.post('/api/login', {
    data: { email_login: 'cliente@comanda.test', password_login: 'comanda123' },
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  await setSession(page, { branch, token });
  await page.goto(`/producto/${product.slug}`);

  const put = page.waitForRequest(
    (req) =>
      req.method() === 'PUT' && new URL(req.url()).pathname === `/api/favorites/${product.id}`,
  );
  await page.route(`**/api/favorites/${product.id}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Tuvimos un problema."}',
    }),
  );
  const heart = page.getByRole('button', { name: 'Agregar a favoritos' });
  await expect(heart).toHaveAttribute('aria-pressed', /true|false/);
  const before = await heart.getAttribute('aria-pressed');
  await heart.click();
  const sent = await put;
  expect(sent.headers()['authorization']).toBe(`Bearer ${token}`);
  expect((sent.postDataJSON() as { id: number }).id).toBe(product.id);
  await expect(page.getByRole('alert')).toContainText('No pudimos actualizar tus favoritos');
  // A failed toggle leaves the heart as it was.
  await expect(heart).toHaveAttribute('aria-pressed', before!);
});

test('the favourite heart before a branch is chosen shows the saved favourite, and a tap removes it visibly', async ({
  page,
  request,
}) => {
  const { product } = await findPizza(request);
  const stamp = `${process.pid}${Date.now()}`;
  const registered = await request.post('/api/register', {
    data: {
      name: 'Sin Sede',
      email: `sin.sede.${stamp}@comanda.test`,
      phone: uniquePhone(),
      password: 'secreto-123',
      password_confirmation: 'secreto-123',
    },
  });
  const auth = (await registered.json()) as { access_token: string; user: unknown };
  const headers = { Authorization: `Bearer ${auth.access_token}` };
  const saved = await request.put(`/api/favorites/${product.id}`, { headers, data: product });
  expect(((await saved.json()) as { favorite: boolean }).favorite).toBe(true);
  await page.goto('/favicon.svg');
  await page.evaluate((state) => localStorage.setItem('storage', JSON.stringify(state)), {
    access_token: auth.access_token,
    user: auth.user,
    loggedIn: true,
    branch: null,
    delivery: null,
    cart: [],
  });

  // The chain's product (no branch): the heart says what the customer saved.
  await page.goto(`/producto/${product.slug}`);
  await expect(page.getByText('Precios desde.', { exact: true })).toBeVisible();
  const heart = page.getByRole('button', { name: 'Agregar a favoritos' });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('heart-saved-no-branch-360.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: test.info().outputPath('heart-saved-no-branch-1024.png') });

  // A tap removes it, and the heart shows it removed; another saves it again.
  const isFavorite = async () =>
    (
      (await (await request.get('/api/favorites', { headers })).json()) as {
        results: { id: number }[];
      }
    ).results.some((f) => f.id === product.id);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  expect(await isFavorite()).toBe(false);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await isFavorite()).toBe(true);
});

test('an optional single choice clears on a second tap; a required multiple choice holds Agregar until one is ticked', async ({
  page,
  request,
}) => {
  const { branch, product, size, extras } = await findPizza(request);
  // The demo chain has neither kind yet: the server's own answer with the size made optional and
  // the extras made required. Controls and prices must follow type_input and the shared rules.
  const reshape = (groups: ModifierGroup[]) =>
    groups.map((g) =>
      g.id === size.id
        ? { ...g, required: false }
        : g.id === extras.id
          ? { ...g, required: true }
          : g,
    );
  const reshaped = { ...product, modifier_group: reshape(product.modifier_group) };
  await page.route(`**/api/products/${product.slug}/*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { results: Product };
    await route.fulfill({
      response,
      json: {
        ...body,
        results: { ...body.results, modifier_group: reshape(body.results.modifier_group) },
      },
    });
  });
  await setSession(page, { branch });
  await page.goto(`/producto/${product.slug}`);

  const sizes = page.getByRole('group', { name: size.title });
  const extraBoxes = page.getByRole('group', { name: extras.title });
  await expect(sizes.getByText('Opcional')).toBeVisible();
  await expect(extraBoxes.getByText('Obligatorio')).toBeVisible();
  // Still dots and squares, chosen by type_input, not by required.
  await expect(sizes.getByRole('radio')).toHaveCount(size.modifiers_product.length);
  await expect(extraBoxes.getByRole('checkbox')).toHaveCount(extras.modifiers_product.length);
  await expect(addButton(page)).toBeDisabled();
  await expect(page.getByText(`Elige una opción en ${extras.title}`)).toBeVisible();

  const [first, second] = extras.modifiers_product;
  if (!first || !second) throw new Error('fewer than two extras');
  await extraBoxes.getByRole('checkbox', { name: first.title }).check();
  await extraBoxes.getByRole('checkbox', { name: second.title }).check();
  await expect(addButton(page)).toBeEnabled();
  await expect(page.getByText(`Elige una opción en ${extras.title}`)).toHaveCount(0);
  await expect(addButton(page)).toHaveText(
    `Agregar ${formatMoney(unitPrice(withSelected(reshaped, [first.id, second.id])))}`,
  );

  // A size is now an addition ("+$"), not the product's price.
  const chosenSize = option(size, 1);
  await expect(sizes.getByText(`+${formatMoney(chosenSize.price)}`)).toBeVisible();
  const radio = sizes.getByRole('radio', { name: chosenSize.title });
  await radio.click();
  await expect(radio).toBeChecked();
  await expect(addButton(page)).toHaveText(
    `Agregar ${formatMoney(unitPrice(withSelected(reshaped, [first.id, second.id, chosenSize.id])))}`,
  );
  // The second tap on the chosen option of an optional single choice clears it.
  await radio.click();
  await expect(sizes.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(addButton(page)).toHaveText(
    `Agregar ${formatMoney(unitPrice(withSelected(reshaped, [first.id, second.id])))}`,
  );

  // Unticking both extras asks for one again.
  await extraBoxes.getByRole('checkbox', { name: first.title }).uncheck();
  await extraBoxes.getByRole('checkbox', { name: second.title }).uncheck();
  await expect(addButton(page)).toBeDisabled();
});

test('the option groups work with the keyboard: arrows move the choice, Space ticks an extra', async ({
  page,
  request,
}) => {
  const { branch, product, size, extras } = await findPizza(request);
  await setSession(page, { branch });
  await page.goto(`/producto/${product.slug}`);

  const first = page.getByRole('radio', { name: option(size, 0).title });
  const second = page.getByRole('radio', { name: option(size, 1).title });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeChecked();
  await expect(second).toBeFocused();
  await expect(first).not.toBeChecked();
  await expect(addButton(page)).toHaveText(
    `Agregar ${formatMoney(unitPrice(withSelected(product, [option(size, 1).id])))}`,
  );

  // Tab leaves the radio group for the first extra; Space toggles it.
  await page.keyboard.press('Tab');
  const extra = page.getByRole('checkbox', { name: option(extras, 0).title });
  await expect(extra).toBeFocused();
  await page.keyboard.press('Space');
  await expect(extra).toBeChecked();
  await page.keyboard.press('Space');
  await expect(extra).not.toBeChecked();
});

test('the product page has no accessibility violations, before and after choosing', async ({
  page,
  request,
}) => {
  const { branch, product, size } = await findPizza(request);
  await setSession(page, { branch });
  await page.goto(`/producto/${product.slug}`);
  await expect(addButton(page)).toBeVisible();

  const check = async () => {
    await expectNoAxeViolations(page);
  };
  await check();
  await addButton(page).click({ force: true });
  await page.getByRole('radio', { name: option(size, 0).title }).check();
  await check();
});
