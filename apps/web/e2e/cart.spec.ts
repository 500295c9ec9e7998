import {
  cartTotal,
  formatMoney,
  lineTotal,
  unitPrice,
  type Branch,
  type Product,
} from '@comanda/shared';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Page,
} from './base-test';

// Every figure below comes from the API and the shared pricing function, never a literal.

interface CartLine {
  _id: string;
  id: number;
  slug: string;
  title: string;
  description: string;
  image: string;
  price: number;
  quantity: number;
  total: number;
  favorite: null;
  modifier_group: Product['modifier_group'];
}

async function getBranches(request: APIRequestContext): Promise<Branch[]> {
  const response = await request.get('/api/branch-office');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: Branch[] }).results;
}

async function branchBySlug(request: APIRequestContext, slug: string): Promise<Branch> {
  const branch = (await getBranches(request)).find((b) => b.slug === slug);
  if (!branch) throw new Error(`The demo chain has no branch ${slug}`);
  return branch;
}

async function getProduct(
  request: APIRequestContext,
  slug: string,
  branchId: number,
): Promise<Product> {
  const response = await request.get(`/api/products/${slug}/${branchId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: Product }).results;
}

async function categoryProducts(request: APIRequestContext, slug: string, branchId: number) {
  const response = await request.get(`/api/category/${slug}/${branchId}`);
  expect(response.ok()).toBe(true);
  return (
    (await response.json()) as {
      results: { products: { slug: string; available: boolean; price: number }[] };
    }
  ).results.products;
}

async function categorySlugs(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/category-client');
  return ((await response.json()) as { results: { slug: string }[] }).results.map((c) => c.slug);
}

/**
 * A cart line as the product page stores it: a required group gets its second option (a
 * priced size when there is one), an optional group its first.
 */
function lineOf(product: Product, quantity: number, _id: string): CartLine {
  const modifier_group = product.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option, index) => ({
      ...option,
      selected: group.required
        ? index === Math.min(1, group.modifiers_product.length - 1)
        : index === 0,
    })),
  }));
  const line = {
    _id,
    id: product.id,
    slug: product.slug,
    title: product.title,
    description: product.description,
    image: product.image,
    price: product.price,
    quantity,
    total: 0,
    favorite: null,
    modifier_group,
  };
  return { ...line, total: lineTotal(line, quantity) };
}

/** Writes the `storage` key (product.md «Entities»: its fields at the top level) before the app starts. */
async function seedSession(page: Page, branch: Branch | null, cart: CartLine[]) {
  await page.goto('/favicon.svg');
  await page.evaluate((state) => localStorage.setItem('storage', JSON.stringify(state)), {
    access_token: null,
    user: null,
    loggedIn: false,
    branch,
    delivery: branch ? 2 : null,
    cart,
  });
}

async function storedCart(page: Page): Promise<CartLine[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('storage');
    return raw ? (JSON.parse(raw) as { cart: CartLine[] }).cart : [];
  });
}

/** Two real products of the terminal branch: a pizza with its options, a burger with its own. */
async function demoCart(request: APIRequestContext) {
  const branch = await branchBySlug(request, 'terminal-24h');
  const withOptions = async (category: string) => {
    const card = (await categoryProducts(request, category, branch.id)).find((p) => p.available);
    if (!card) throw new Error(`Nothing available in ${category}`);
    return getProduct(request, card.slug, branch.id);
  };
  const pizza = lineOf(await withOptions('pizzas'), 2, 'line-pizza');
  const burger = lineOf(await withOptions('hamburguesas'), 1, 'line-burger');
  return { branch, cart: [pizza, burger] };
}

const lineItem = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Productos en tu carrito' })
    .getByRole('listitem')
    .filter({ hasText: title });

test('a cart stored by an earlier release (wrapped in state/version) survives, rewritten flat', async ({
  page,
  request,
}) => {
  const { branch, cart } = await demoCart(request);
  const session = { access_token: null, user: null, loggedIn: false, branch, delivery: 2, cart };
  await page.goto('/favicon.svg');
  await page.evaluate(
    (state) => localStorage.setItem('storage', JSON.stringify({ state, version: 0 })),
    session,
  );
  await page.goto('/carrito');

  for (const line of cart)
    await expect(
      lineItem(page, line.title).getByRole('heading', { name: line.title }),
    ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Resumen del pedido' })).toContainText(
    formatMoney(cartTotal(cart)),
  );
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('storage') ?? 'null') as Record<string, unknown>,
  );
  expect(Object.keys(stored).sort()).toEqual([
    'access_token',
    'branch',
    'cart',
    'delivery',
    'loggedIn',
    'user',
  ]);
  expect(await storedCart(page)).toEqual(cart);
});

test('the cart shows real lines priced by the shared function, and −/+ edit them', async ({
  page,
  request,
}) => {
  const { branch, cart } = await demoCart(request);
  const [pizza, burger] = cart as [CartLine, CartLine];
  await seedSession(page, branch, cart);
  await page.goto('/carrito');

  await expect(page.getByRole('heading', { level: 1, name: 'Tu Carrito' })).toBeVisible();
  await expect(page).toHaveTitle(/Tu Carrito/);
  for (const line of cart) {
    const item = lineItem(page, line.title);
    await expect(item.getByRole('heading', { name: line.title })).toBeVisible();
    // Decorative (alt=""): the title beside it names the line.
    await expect(item.locator('img')).toHaveAttribute('src', line.image);
    const options = line.modifier_group.flatMap((g) =>
      g.modifiers_product.filter((o) => o.selected).map((o) => o.title),
    );
    expect(options.length).toBeGreaterThan(0);
    await expect(item).toContainText(options.join(' · '));
    await expect(item).toContainText(`${formatMoney(unitPrice(line))} c/u`);
    await expect(item).toContainText(formatMoney(lineTotal(line, line.quantity)));
  }
  const summary = page.getByRole('region', { name: 'Resumen del pedido' });
  await expect(summary).toContainText(formatMoney(cartTotal(cart)));
  await expect(summary.getByRole('link', { name: 'Ir al Pago' })).toHaveAttribute(
    'href',
    '/opciones-de-pago',
  );
  await expectNoAxeViolations(page);

  // Plus: one more burger, totals follow.
  await page.getByRole('button', { name: `Agregar uno de ${burger.title}` }).click();
  const twoBurgers = [pizza, { ...burger, quantity: 2 }];
  await expect(lineItem(page, burger.title)).toContainText(formatMoney(lineTotal(burger, 2)));
  await expect(summary).toContainText(formatMoney(cartTotal(twoBurgers)));
  expect((await storedCart(page)).find((l) => l._id === burger._id)).toMatchObject({
    quantity: 2,
    total: lineTotal(burger, 2),
  });

  // Minus down to 1, then minus at 1 removes the line (product.md «States and transitions»: quantity 0 removes).
  await page.getByRole('button', { name: `Quitar uno de ${burger.title}` }).click();
  await expect(summary).toContainText(formatMoney(cartTotal(cart)));
  await page.getByRole('button', { name: `Quitar uno de ${burger.title}` }).click();
  await expect(lineItem(page, burger.title)).toHaveCount(0);
  await expect(summary).toContainText(formatMoney(cartTotal([pizza])));
  // Focus is not lost with the removed button: it lands on the remaining line's minus.
  await expect(page.getByRole('button', { name: `Quitar uno de ${pizza.title}` })).toBeFocused();
  expect((await storedCart(page)).map((l) => l._id)).toEqual([pizza._id]);

  // A reload keeps the cart (product.md «Entities»: the `storage` key).
  await page.reload();
  await expect(lineItem(page, pizza.title)).toContainText(
    formatMoney(lineTotal(pizza, pizza.quantity)),
  );
  await expect(lineItem(page, burger.title)).toHaveCount(0);
  await expect(summary).toContainText(formatMoney(cartTotal([pizza])));

  // The header badge counts products.
  await expect(
    page.getByRole('link', { name: `Ver carrito, ${pizza.quantity} productos` }),
  ).toBeVisible();
});

test('Vaciar Carrito asks in a real modal: Close and Escape keep the cart, Vaciar empties it and goes back', async ({
  page,
  request,
}) => {
  const { branch, cart } = await demoCart(request);
  await seedSession(page, branch, cart);
  await page.goto('/menu');
  await page.getByRole('link', { name: /^Ver carrito/ }).click();
  await expect(page).toHaveURL(/\/carrito$/);

  const opener = page.getByRole('button', { name: 'Vaciar Carrito' });
  const dialog = page.getByRole('dialog', { name: '¿Realmente deseas vaciar el carrito?' });

  // Open: focus moves in (to the harmless Close), is trapped, Escape closes, focus returns.
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  const close = dialog.getByRole('button', { name: 'Close' });
  const confirm = dialog.getByRole('button', { name: 'Vaciar' });
  await expect(close).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(confirm).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await storedCart(page)).toHaveLength(cart.length);

  // Close keeps the cart too.
  await opener.click();
  await close.click();
  await expect(dialog).toBeHidden();
  expect(await storedCart(page)).toHaveLength(cart.length);
  await expect(page).toHaveURL(/\/carrito$/);

  // Vaciar empties it and returns to the previous screen.
  await opener.click();
  await confirm.click();
  await expect(page).toHaveURL(/\/menu$/);
  expect(await storedCart(page)).toEqual([]);
  await expect(page.getByRole('link', { name: 'Ver carrito, 0 productos' })).toBeVisible();
});

test('an empty cart says so, offers the menu and no payment', async ({ page }) => {
  await page.goto('/carrito');
  await expect(page.getByText('No tienes Productos Agregados')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al Pago' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Vaciar Carrito' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Ir al Menu' }).click();
  await expect(page).toHaveURL(/\/menu$/);
});

test('Ir al Pago appears only while the total is above 0', async ({ page, request }) => {
  const { branch, cart } = await demoCart(request);
  const [pizza] = cart as [CartLine];
  await seedSession(page, branch, [pizza]);
  await page.goto('/carrito');
  await expect(page.getByRole('link', { name: 'Ir al Pago' })).toBeVisible();
  for (let left = pizza.quantity; left > 0; left -= 1) {
    await page.getByRole('button', { name: `Quitar uno de ${pizza.title}` }).click();
  }
  await expect(page.getByText('No tienes Productos Agregados')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al Pago' })).toHaveCount(0);
  // The last removal hands focus to the screen's heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Tu Carrito' })).toBeFocused();
});

test('the back arrow goes back, or to the menu when the cart was opened directly', async ({
  page,
}) => {
  await page.goto('/carrito');
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/menu$/);

  await page.getByRole('link', { name: /^Ver carrito/ }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/menu$/);
});

/** Finds, through the API, what the cart-meets-branch story needs in the demo chain. */
async function branchSwitchCase(request: APIRequestContext) {
  const [campina, terminal] = await Promise.all([
    branchBySlug(request, 'campina'),
    branchBySlug(request, 'terminal-24h'),
  ]);
  let soldOut: Product | undefined;
  let repriced: { atTerminal: Product; atCampina: Product } | undefined;
  for (const category of await categorySlugs(request)) {
    const [here, there] = await Promise.all([
      categoryProducts(request, category, campina.id),
      categoryProducts(request, category, terminal.id),
    ]);
    for (const card of there) {
      const other = here.find((p) => p.slug === card.slug);
      if (!other || !card.available) continue;
      if (!soldOut && !other.available) soldOut = await getProduct(request, card.slug, terminal.id);
      if (!repriced && other.available && other.price !== card.price) {
        const atTerminal = await getProduct(request, card.slug, terminal.id);
        const atCampina = await getProduct(request, card.slug, campina.id);
        // Only a change the customer pays counts (a size price does not vary by branch).
        if (unitPrice(lineOf(atTerminal, 1, 'x')) !== unitPrice(lineOf(atCampina, 1, 'x'))) {
          repriced = { atTerminal, atCampina };
        }
      }
    }
  }
  if (!soldOut || !repriced)
    throw new Error('The demo chain lacks a product sold out at Campiña or priced apart');
  const soldOutLine = lineOf(soldOut, 1, 'line-sold-out');
  const repricedLine = lineOf(repriced.atTerminal, 2, 'line-repriced');
  const expected = { ...lineOf(repriced.atCampina, 2, 'line-repriced') };
  return { campina, terminal, soldOutLine, repricedLine, expected };
}

test('switching branch re-prices the cart at once and says what changed; one tap removes what it cannot sell', async ({
  page,
  request,
}) => {
  const { campina, terminal, soldOutLine, repricedLine, expected } =
    await branchSwitchCase(request);
  await seedSession(page, terminal, [soldOutLine, repricedLine]);
  await page.goto('/menu');
  await expect(page.getByRole('button', { name: /elegir sede/ })).toContainText(terminal.title);

  // The header's branch overlay: each branch with its address.
  await page.getByRole('button', { name: /elegir sede/ }).click();
  const overlay = page.getByRole('dialog', { name: 'Elige una sede' });
  await expect(
    overlay.getByRole('button', { name: new RegExp(campina.address.replace(/[.#]/g, '\\$&')) }),
  ).toBeVisible();
  await overlay.getByRole('button', { name: new RegExp(`^${campina.title}`) }).click();
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('button', { name: /elegir sede/ })).toContainText(campina.title);

  const notice = page.getByRole('status').filter({ hasText: 'Quitar lo no disponible' });
  await expect(notice).toContainText(`1 producto no disponible en ${campina.title}`);
  await expect(notice).toContainText(soldOutLine.title);
  await expect(notice).toContainText(`1 precio actualizado para ${campina.title}`);
  await expect(notice).toContainText(
    `${repricedLine.title}: antes ${formatMoney(unitPrice(repricedLine))} → ahora ${formatMoney(unitPrice(expected))}`,
  );
  // The new price is in the cart already, without a tap; the line it cannot sell waits there.
  await expect
    .poll(async () => (await storedCart(page)).map((l) => [l._id, unitPrice(l)]))
    .toEqual([
      [soldOutLine._id, unitPrice(soldOutLine)],
      [repricedLine._id, unitPrice(expected)],
    ]);
  await expectNoAxeViolations(page);
  await notice.screenshot({ path: test.info().outputPath('cart-branch-notice-360.png') });

  await notice.getByRole('button', { name: 'Quitar lo no disponible' }).click();
  await expect(
    page.getByText(`Listo: tu carrito quedó al día para ${campina.title}.`),
  ).toBeVisible();
  await expect(page.getByText(/no disponible en/)).toHaveCount(0);
  const fixed = await storedCart(page);
  expect(fixed.map((l) => l._id)).toEqual([repricedLine._id]);
  expect(unitPrice(fixed[0]!)).toBe(unitPrice(expected));
  expect(fixed[0]!.total).toBe(lineTotal(expected, expected.quantity));

  await page.goto('/carrito');
  await expect(page.getByRole('region', { name: 'Resumen del pedido' })).toContainText(
    formatMoney(cartTotal([expected])),
  );
  await expect(page.getByText(/no disponible en|precio actualizado/)).toHaveCount(0);
});

test('the branch notice can be dismissed without touching the cart', async ({ page, request }) => {
  const { campina, terminal, soldOutLine, repricedLine } = await branchSwitchCase(request);
  await seedSession(page, terminal, [soldOutLine, repricedLine]);
  await page.goto('/carrito');
  await page.getByRole('button', { name: /elegir sede/ }).click();
  await page
    .getByRole('dialog', { name: 'Elige una sede' })
    .getByRole('button', { name: new RegExp(`^${campina.title}`) })
    .click();

  const notice = page.getByRole('status').filter({ hasText: 'Quitar lo no disponible' });
  await expect(notice).toContainText(`no disponible en ${campina.title}`);
  await notice.getByRole('button', { name: 'Cerrar aviso del carrito' }).click();
  await expect(page.getByText(/no disponible en|precio actualizado/)).toHaveCount(0);
  expect((await storedCart(page)).map((l) => l._id)).toEqual([soldOutLine._id, repricedLine._id]);
});

test('when the cart cannot be checked at the new branch, it says so and Reintentar checks again', async ({
  page,
  request,
}) => {
  const { campina, terminal, soldOutLine, repricedLine } = await branchSwitchCase(request);
  await seedSession(page, terminal, [soldOutLine, repricedLine]);
  await page.route(`**/api/products/*/${campina.id}`, (route) => route.abort('connectionrefused'));
  await page.goto('/menu');
  await page.getByRole('button', { name: /elegir sede/ }).click();
  await page
    .getByRole('dialog', { name: 'Elige una sede' })
    .getByRole('button', { name: new RegExp(`^${campina.title}`) })
    .click();

  const notice = page.getByRole('status').filter({ hasText: 'Reintentar' });
  await expect(notice).toContainText(`No pudimos revisar tu carrito para ${campina.title}.`, {
    timeout: 15_000,
  });
  await page.unroute(`**/api/products/*/${campina.id}`);
  await notice.getByRole('button', { name: 'Reintentar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Quitar lo no disponible' }),
  ).toContainText(`1 producto no disponible en ${campina.title}`);
});
