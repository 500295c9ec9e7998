import {
  CHECKOUT_MESSAGES,
  cartTotal,
  formatMoney,
  lineTotal,
  type AuthResponse,
  type ConfirmCartAnswer,
  type Branch,
  type PaymentType,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import {
  expect,
  expectNoAxeViolations,
  test,
  type APIRequestContext,
  type Page,
} from './base-test';
import { io } from 'socket.io-client';
import { uniquePhone } from './unique';

// Checkout against the real server and socket. Every figure comes from the API and the shared
// pricing function; every message from CHECKOUT_MESSAGES. Orders go to the branch open 24 hours
// (the others may be closed when the suite runs), each test with its own new customer so order
// counts are its own.

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

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let sequence = 0;
/** A customer nobody else uses (unique email and 10-digit phone), registered through the API. */
async function newCustomer(request: APIRequestContext) {
  sequence += 1;
  // Milliseconds last: the phone is the last 9 digits, which must differ between spec files too.
  const stamp = `${process.pid}${sequence}${Date.now()}`;
  const customer = {
    name: 'Prueba Pedido',
    email: `pedido.${stamp}@comanda.test`,
    phone: uniquePhone(),
    password: 'secreto-123',
  };
  const response = await request.post('/api/register', {
    data: { ...customer, password_confirmation: customer.password },
  });
  expect(response.ok()).toBe(true);
  return { ...customer, auth: (await response.json()) as AuthResponse };
}

async function terminalBranch(request: APIRequestContext): Promise<Branch> {
  const response = await request.get('/api/branch-office');
  const branch = ((await response.json()) as { results: Branch[] }).results.find(
    (b) => b.slug === 'terminal-24h',
  );
  if (!branch) throw new Error('The demo chain has no branch terminal-24h');
  expect(branch.open_now).toBe(true);
  return branch;
}

async function product(
  request: APIRequestContext,
  slug: string,
  branchId: number,
): Promise<Product> {
  const response = await request.get(`/api/products/${slug}/${branchId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: Product }).results;
}

/** The products of a category at the branch, as its cards show them. */
async function cards(request: APIRequestContext, category: string, branchId: number) {
  const response = await request.get(`/api/category/${category}/${branchId}`);
  expect(response.ok()).toBe(true);
  return (
    (await response.json()) as {
      results: {
        products: { slug: string; available: boolean; unavailable_reason: string | null }[];
      };
    }
  ).results.products;
}

/** A cart line as the product page stores it: each required group gets a choice, optional ones their first. */
function lineOf(item: Product, quantity: number, _id: string): CartLine {
  const modifier_group = item.modifier_group.map((group) => ({
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
    id: item.id,
    slug: item.slug,
    title: item.title,
    description: item.description,
    image: item.image,
    price: item.price,
    quantity,
    total: 0,
    favorite: null,
    modifier_group,
  };
  return { ...line, total: lineTotal(line, quantity) };
}

/** A pizza (priced size) and a burger (required choice and extras), both available at the branch. */
async function demoCart(request: APIRequestContext, branch: Branch): Promise<CartLine[]> {
  const first = async (category: string) => {
    const card = (await cards(request, category, branch.id)).find((p) => p.available);
    if (!card) throw new Error(`Nothing available in ${category}`);
    return product(request, card.slug, branch.id);
  };
  return [
    lineOf(await first('pizzas'), 2, 'line-pizza'),
    lineOf(await first('hamburguesas'), 1, 'line-burger'),
  ];
}

async function paymentTypes(request: APIRequestContext): Promise<PaymentType[]> {
  const response = await request.get('/api/cart-type-payment');
  return ((await response.json()) as { results: PaymentType[] }).results;
}

async function seedSession(
  page: Page,
  state: { branch: Branch; cart: CartLine[]; auth?: AuthResponse; delivery?: 'domicilio' | 2 },
) {
  await page.goto('/favicon.svg');
  await page.evaluate((value) => localStorage.setItem('storage', JSON.stringify(value)), {
    access_token: state.auth?.access_token ?? null,
    user: state.auth?.user ?? null,
    loggedIn: Boolean(state.auth),
    branch: state.branch,
    delivery: state.delivery ?? 2,
    cart: state.cart,
  });
}

async function storedCart(page: Page): Promise<CartLine[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('storage');
    return raw ? (JSON.parse(raw) as { cart: CartLine[] }).cart : [];
  });
}

async function orderCount(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/cart-history', { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

const continueButton = (page: Page) =>
  page.getByRole('button', { name: /^(Continuar|Enviando…)$/ });
/** The refusal summary next to Continuar (an alert). */
const summary = (page: Page) =>
  page.getByRole('region', { name: 'Total del pedido' }).getByRole('alert');

test('logged out: Continuar points at the login panel; logging in there and paying places the order, tracked live', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  const cart = await demoCart(request, branch);
  const [payment] = await paymentTypes(request);
  if (!payment) throw new Error('No payment types');
  const customer = await newCustomer(request);
  await seedSession(page, { branch, cart });

  await page.goto('/opciones-de-pago');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const items = page.getByRole('region', { name: 'Mi Pedido' });
  for (const line of cart) {
    const row = items.getByRole('listitem').filter({ hasText: line.title });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`Subtotal: ${formatMoney(lineTotal(line, line.quantity))}`);
  }
  await expect(page.getByRole('region', { name: 'Total del pedido' })).toContainText(
    formatMoney(cartTotal(cart)),
  );
  await expect(page.getByRole('region', { name: 'Recoger En:' })).toContainText(branch.title);
  await expect(page.getByRole('region', { name: 'Recoger En:' })).toContainText(branch.address);
  await expect(page.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/carrito');
  await expect(
    page.getByRole('group', { name: 'Como deseas pagar?' }).getByRole('radio'),
  ).toHaveCount((await paymentTypes(request)).length);
  await expectNoAxeViolations(page);

  // product.md «Validation rules and messages»: logged out, Continuar highlights the login panel and scrolls to it.
  const panel = page.getByRole('region', { name: 'Ingresa para confirmar tu pedido' });
  await expect(panel).not.toHaveAttribute('data-highlighted');
  await continueButton(page).click();
  await expect(panel).toHaveAttribute('data-highlighted', 'true');
  await expect(
    panel.getByRole('alert').filter({ hasText: CHECKOUT_MESSAGES.unauthorized }),
  ).toBeVisible();
  await expect(
    panel.getByRole('heading', { name: 'Ingresa para confirmar tu pedido' }),
  ).toBeFocused();
  await expect(panel).toBeInViewport();
  expect(page.url()).toMatch(/\/opciones-de-pago$/);

  // Log in through the panel: it goes away, the checkout stays.
  await panel.getByLabel('Email o celular').fill(customer.email);
  await panel.getByLabel('Contraseña', { exact: true }).fill(customer.password);
  await panel.getByRole('button', { name: 'Iniciar' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/opciones-de-pago$/);

  await page.getByRole('radio', { name: payment.parameter.description }).check();
  await page.getByRole('textbox', { name: 'Recomendacion' }).fill('Sin cebolla, por favor');
  await continueButton(page).click();

  // product.md «States and transitions»: status true → the cart is emptied and the customer lands on /confirmacion.
  await expect(page).toHaveURL(/\/confirmacion\?pedido=\d+$/);
  await expect(page.getByRole('heading', { name: 'Gracias por tu Compra' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al Menu' })).toHaveAttribute('href', '/menu');
  await expectNoAxeViolations(page);
  expect(await storedCart(page)).toEqual([]);
  const orderId = Number(new URL(page.url()).searchParams.get('pedido'));

  // The server's own order, priced by the server, agrees with what the checkout showed.
  const stored = await request.get(`/api/orders/${orderId}`, {
    headers: bearer(customer.auth.access_token),
  });
  expect(stored.ok()).toBe(true);
  const order = ((await stored.json()) as { results: PlacedOrder }).results;
  expect(order.total).toBe(cartTotal(cart));
  expect(order.payment).toBe(payment.parameter.description);
  expect(order.observation).toBe('Sin cebolla, por favor');
  expect(order.branch_office.id).toBe(branch.id);
  expect(await orderCount(request, customer.auth.access_token)).toBe(1);

  await page.getByRole('link', { name: 'Ver estado del pedido' }).click();
  await expect(page).toHaveURL(`/pedidos/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Pedido #${orderId}` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Recibido');
  await expect(page.getByText(formatMoney(order.total)).last()).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff accept it (the documented staff endpoint); the page changes by itself, no reload.
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });
  const staff = await request.post('/api/login', {
    data: { email_login: 'staff@comanda.test', password_login: 'comanda123' },
  });
  const staffToken = ((await staff.json()) as AuthResponse).access_token;
  const changed = await request.post(`/api/staff/orders/${orderId}/status`, {
    headers: bearer(staffToken),
    data: { status: 'accepted' },
  });
  expect(changed.ok()).toBe(true);
  await expect(page.getByTestId('order-status')).toHaveText('Aceptado');
  await expect(
    page.getByRole('status').filter({ hasText: `Tu pedido #${orderId} ahora está: Aceptado.` }),
  ).toBeAttached();
  await expect(
    page.getByRole('list', { name: 'Estado del pedido' }).locator('[data-status="accepted"]'),
  ).toHaveAttribute('data-state', 'current');
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
});

test('Continuar without a payment method says so and sends nothing', async ({ page, request }) => {
  const branch = await terminalBranch(request);
  const cart = await demoCart(request, branch);
  const customer = await newCustomer(request);
  await seedSession(page, { branch, cart, auth: customer.auth });

  await page.goto('/opciones-de-pago');
  const payments = page.getByRole('group', { name: 'Como deseas pagar?' });
  await expect(payments.getByRole('radio').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ingresa para confirmar tu pedido' })).toHaveCount(
    0,
  );
  await expectNoAxeViolations(page);

  await continueButton(page).click();
  await expect(payments.getByText(CHECKOUT_MESSAGES.paymentRequired)).toBeVisible();
  await expect(payments.getByRole('radio').first()).toBeFocused();
  await expect(page).toHaveURL(/\/opciones-de-pago$/);
  expect(await orderCount(request, customer.auth.access_token)).toBe(0);

  // Choosing one clears the message.
  await payments.getByRole('radio').first().check();
  await expect(payments.getByText(CHECKOUT_MESSAGES.paymentRequired)).toHaveCount(0);
});

test('the server refuses a product the branch does not sell: the reason is shown and the cart is kept', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  const [payment] = await paymentTypes(request);
  if (!payment) throw new Error('No payment types');
  // A product of the chain that this branch does not offer or has sold out, found through the API.
  const categories = (
    (await (await request.get('/api/category-client')).json()) as { results: { slug: string }[] }
  ).results;
  let refused: { card: { slug: string; unavailable_reason: string | null }; item: Product } | null =
    null;
  for (const { slug } of categories) {
    const card = (await cards(request, slug, branch.id)).find((p) => !p.available);
    if (card) {
      refused = { card, item: await product(request, card.slug, branch.id) };
      break;
    }
  }
  if (!refused) throw new Error(`${branch.title} sells everything: no refusal to test`);
  const [good] = await demoCart(request, branch);
  const cart = [lineOf(refused.item, 1, 'line-refused'), good!];
  const reason =
    refused.card.unavailable_reason === 'sold_out'
      ? CHECKOUT_MESSAGES.soldOut(refused.item.title, branch.title)
      : CHECKOUT_MESSAGES.notOffered(refused.item.title, branch.title);

  const customer = await newCustomer(request);
  await seedSession(page, { branch, cart, auth: customer.auth });
  await page.goto('/opciones-de-pago');
  await page.getByRole('radio', { name: payment.parameter.description }).check();
  await continueButton(page).click();

  await expect(summary(page)).toContainText(reason);
  await expect(page.getByRole('region', { name: 'Mi Pedido' }).getByText(reason)).toBeVisible();
  await expect(summary(page)).toBeFocused();
  await expect(continueButton(page)).toHaveText('Continuar');
  await expect(page).toHaveURL(/\/opciones-de-pago$/);
  expect((await storedCart(page)).map((line) => line._id)).toEqual(cart.map((line) => line._id));
  expect(await orderCount(request, customer.auth.access_token)).toBe(0);
  await expectNoAxeViolations(page);
});

test('delivery: an address added at checkout that the branch does not reach is refused with its reason', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  const cart = await demoCart(request, branch);
  const [payment] = await paymentTypes(request);
  if (!payment) throw new Error('No payment types');
  // A neighbourhood some other branch reaches and this one does not.
  const all = ((await (await request.get('/api/branch-office')).json()) as { results: Branch[] })
    .results;
  const elsewhere = all
    .flatMap((b) => b.delivery.neighbourhoods)
    .find((n) => !branch.delivery.neighbourhoods.includes(n));
  if (!elsewhere) throw new Error('No neighbourhood outside the branch zone');

  const customer = await newCustomer(request);
  await seedSession(page, { branch, cart, auth: customer.auth, delivery: 'domicilio' });
  await page.goto('/opciones-de-pago');
  const address = page.getByRole('group', { name: 'Entregar en:' });
  await expect(page.getByRole('radio', { name: 'Domicilio' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Tu pedido sale de:' })).toContainText(
    branch.title,
  );

  // Continuar without an address says which part is missing.
  await page.getByRole('radio', { name: payment.parameter.description }).check();
  await continueButton(page).click();
  await expect(address.getByText(CHECKOUT_MESSAGES.addressRequired)).toBeVisible();

  // Add one here (POST /api/addresses); it becomes the chosen address.
  await address.getByRole('button', { name: 'Agregar dirección' }).click();
  await address.getByLabel('Nombre').fill('Casa de prueba');
  await address.getByLabel('Dirección', { exact: true }).fill('Cl. 1 #2-3');
  // Barrio is chosen among the served neighbourhoods: this one is served, by another branch.
  await address.getByLabel('Barrio').selectOption(elsewhere);
  await address.getByLabel('Ciudad').fill('Bogotá');
  await address.getByRole('button', { name: 'Guardar' }).click();
  await expect(address.getByRole('radio', { name: /Casa de prueba/ })).toBeChecked();
  await expectNoAxeViolations(page);

  await continueButton(page).click();
  const reason = CHECKOUT_MESSAGES.addressNotCovered(branch.title, elsewhere);
  await expect(summary(page)).toContainText(reason);
  await expect(address.getByText(reason)).toBeVisible();
  expect(await storedCart(page)).toHaveLength(cart.length);
  expect(await orderCount(request, customer.auth.access_token)).toBe(0);
});

test('a double click on Continuar places exactly one order', async ({ page, request }) => {
  const branch = await terminalBranch(request);
  const cart = await demoCart(request, branch);
  const [payment] = await paymentTypes(request);
  if (!payment) throw new Error('No payment types');
  const customer = await newCustomer(request);
  await seedSession(page, { branch, cart, auth: customer.auth });
  // Every `confirm-cart` the page sends, and every answer it gets (Socket.IO event packets).
  let sent = 0;
  let answered = 0;
  page.on('websocket', (ws) => {
    ws.on(
      'framesent',
      ({ payload }) => void (String(payload).startsWith('42["confirm-cart"') && sent++),
    );
    ws.on(
      'framereceived',
      ({ payload }) => void (String(payload).startsWith('42["confirm-cart"') && answered++),
    );
  });

  await page.goto('/opciones-de-pago');
  await page.getByRole('radio', { name: payment.parameter.description }).check();
  await continueButton(page).dblclick();
  await expect(page).toHaveURL(/\/confirmacion\?pedido=\d+$/);
  // Whatever the clicks sent has been answered, so the server has settled every one of them.
  expect(sent).toBeGreaterThan(0);
  await expect.poll(() => answered).toBe(sent);
  expect(await orderCount(request, customer.auth.access_token)).toBe(1);
});

test('a dead token: the socket refuses it, the customer is logged out and keeps the cart', async ({
  page,
  request,
}) => {
  const branch = await terminalBranch(request);
  const cart = await demoCart(request, branch);
  const customer = await newCustomer(request);
  // The token dies on the server (logout elsewhere) while this device still holds it.
  expect(
    (await request.post('/api/logout', { headers: bearer(customer.auth.access_token) })).ok(),
  ).toBe(true);
  await seedSession(page, { branch, cart, auth: customer.auth });

  await page.goto('/opciones-de-pago');
  // The app-start socket gets `connect_error: unauthorized` and ends the session…
  await expect(
    page.getByRole('region', { name: 'Ingresa para confirmar tu pedido' }),
  ).toBeVisible();
  const stored = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('storage') ?? '{}') as {
        loggedIn: boolean;
        access_token: unknown;
      },
  );
  expect(stored).toMatchObject({ loggedIn: false, access_token: null });
  // …but nobody asked to lose the order being built.
  expect((await storedCart(page)).map((line) => line._id)).toEqual(cart.map((line) => line._id));
  await expect(page.getByRole('region', { name: 'Mi Pedido' }).getByRole('listitem')).toHaveCount(
    cart.length,
  );
});

test('an order whose answer was lost before a reload is confirmed after it, still one order', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const cart = await demoCart(request, branch);
  const [payment] = await paymentTypes(request);
  const customer = await newCustomer(request);
  const payload = {
    client_order_id: `e2e-lost-${Date.now()}`,
    branch_office: branch,
    payment,
    form: { observation: '' },
    detail: cart,
    delivery: 2,
    user: customer.auth.user,
    type_delivery: 1,
  };
  // The order reached the server (sent as the storefront sends it), but the page never heard back.
  const socket = io(baseURL!, {
    path: '/socket.io',
    query: { token: customer.auth.access_token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  const first = await new Promise<ConfirmCartAnswer>((resolve, reject) => {
    socket.on('connect_error', reject);
    socket.on('confirm-cart', resolve);
    socket.emit('confirm-cart', payload);
  });
  socket.disconnect();
  if (!first.status) throw new Error(JSON.stringify(first.errors));

  // The tab still holds the unanswered attempt, as the checkout keeps it until an answer arrives.
  await seedSession(page, { branch, cart, auth: customer.auth });
  await page.evaluate(
    (pending) => sessionStorage.setItem('comanda:pending-order', JSON.stringify(pending)),
    { owner: customer.auth.user.email, payload },
  );
  await page.goto('/opciones-de-pago');
  await expect(page).toHaveURL(`/confirmacion?pedido=${first.order.id}`);
  expect(await storedCart(page)).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('comanda:pending-order'))).toBeNull();
  expect(await orderCount(request, customer.auth.access_token)).toBe(1);
});

test('the socket follows the session: anonymous logged out, with the token once logged in, anonymous again on logout', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  const sockets: { token: string | null; closed: boolean; connected: boolean }[] = [];
  page.on('websocket', (ws) => {
    const entry = {
      token: new URL(ws.url()).searchParams.get('token'),
      closed: false,
      connected: false,
    };
    sockets.push(entry);
    // Socket.IO's CONNECT answer: the server has taken (or refused) the connection.
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith('40')) entry.connected = true;
    });
    ws.on('close', () => {
      entry.closed = true;
    });
  });

  // Logged out with a branch chosen, the storefront still listens (its sold-out products, its
  // pause): no token. (A visitor who has chosen nothing opens none: first-visit.spec.ts.)
  await seedSession(page, { branch: await terminalBranch(request), cart: [] });
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Nuestro menú' })).toBeVisible();
  await expect.poll(() => sockets.length).toBe(1);
  expect(sockets[0]!.token).toBeNull();

  // Logging in (here through /login, reached in the app) replaces it with one carrying the token (product.md «Wire contract»).
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('link', { name: 'Login o Registro' }).click();
  await page.getByLabel('Email o celular').fill(customer.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Iniciar' }).click();
  const stored = () =>
    page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('storage') ?? '{}') as { access_token: string | null })
          .access_token,
    );
  await expect
    .poll(() => sockets.filter((socket) => !socket.closed).map((socket) => socket.token))
    .toEqual([expect.any(String)]);
  expect(sockets.find((socket) => !socket.closed)!.token).toBe(await stored());

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  // The anonymous socket connected, the logged-in one closed, and no other open beside it.
  await expect
    .poll(() =>
      sockets
        .filter((socket) => !socket.closed)
        .map(({ token, connected }) => ({ token, connected })),
    )
    .toEqual([{ token: null, connected: true }]);
});
