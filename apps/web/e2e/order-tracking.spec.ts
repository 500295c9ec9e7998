import {
  ORDER_STATUS_TEXT,
  formatMoney,
  type Address,
  type AuthResponse,
  type Branch,
  type ConfirmCartAnswer,
  type OrderStatus,
  type PaymentType,
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

// /pedidos/:id against the real server: orders are placed over the real socket (as the storefront
// does) by a customer of this test alone, and moved along by the demo staff through the API.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let sequence = 0;
async function newCustomer(request: APIRequestContext): Promise<AuthResponse> {
  sequence += 1;
  // Milliseconds last: the phone is the last 9 digits, which must differ between spec files too.
  const stamp = `${process.pid}${sequence}${Date.now()}`;
  const password = 'secreto-123';
  const response = await request.post('/api/register', {
    data: {
      name: 'Prueba Seguimiento',
      email: `seguimiento.${stamp}@comanda.test`,
      phone: uniquePhone(),
      password,
      password_confirmation: password,
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as AuthResponse;
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/login', {
    data: { email_login: 'staff@comanda.test', password_login: 'comanda123' },
  });
  return ((await response.json()) as AuthResponse).access_token;
}

async function terminalBranch(request: APIRequestContext): Promise<Branch> {
  const response = await request.get('/api/branch-office');
  const branch = ((await response.json()) as { results: Branch[] }).results.find(
    (b) => b.slug === 'terminal-24h',
  );
  if (!branch) throw new Error('The demo chain has no branch terminal-24h');
  return branch;
}

/** An available product of the branch with its first choice of each required group selected. */
async function cartLine(request: APIRequestContext, branch: Branch) {
  const category = await request.get(`/api/category/hamburguesas/${branch.id}`);
  const card = (
    (await category.json()) as { results: { products: { slug: string; available: boolean }[] } }
  ).results.products.find((p) => p.available);
  if (!card) throw new Error('No burger available');
  const product = (
    (await (await request.get(`/api/products/${card.slug}/${branch.id}`)).json()) as {
      results: Product;
    }
  ).results;
  return {
    ...product,
    _id: 'line-1',
    quantity: 2,
    modifier_group: product.modifier_group.map((group) => ({
      ...group,
      modifiers_product: group.modifiers_product.map((option, index) => ({
        ...option,
        selected: group.required && index === 0,
      })),
    })),
  };
}

/** Places an order the way the storefront does: `confirm-cart` over Socket.IO with the token in the query. */
async function placeOrder(baseURL: string, token: string, payload: Record<string, unknown>) {
  const socket = io(baseURL, {
    path: '/socket.io',
    query: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  try {
    return await new Promise<ConfirmCartAnswer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no confirm-cart answer')), 10_000);
      socket.on('connect_error', reject);
      socket.on('confirm-cart', (answer: ConfirmCartAnswer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      socket.emit('confirm-cart', {
        client_order_id: `e2e-${Date.now()}-${sequence}`,
        form: { observation: '' },
        ...payload,
      });
    });
  } finally {
    socket.disconnect();
  }
}

/** A new customer's pickup order at Terminal 24h, placed over the socket. */
async function placePickupOrder(request: APIRequestContext, baseURL: string) {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const [payment] = (
    (await (await request.get('/api/cart-type-payment')).json()) as { results: PaymentType[] }
  ).results;
  const answer = await placeOrder(baseURL, customer.access_token, {
    branch_office: branch,
    payment,
    detail: [await cartLine(request, branch)],
    delivery: 2,
    type_delivery: 1,
  });
  if (!answer.status) throw new Error(JSON.stringify(answer.errors));
  return { customer, answer };
}

async function moveOrder(
  request: APIRequestContext,
  token: string,
  id: number,
  status: OrderStatus,
) {
  const response = await request.post(`/api/staff/orders/${id}/status`, {
    headers: bearer(token),
    data: { status },
  });
  expect(response.ok()).toBe(true);
}

async function seedLogin(page: Page, auth: AuthResponse) {
  await page.goto('/favicon.svg');
  await page.evaluate((state) => localStorage.setItem('storage', JSON.stringify(state)), {
    access_token: auth.access_token,
    user: auth.user,
    loggedIn: true,
    branch: null,
    delivery: null,
    cart: [],
  });
}

const timeline = (page: Page) => page.getByRole('list', { name: 'Estado del pedido' });
const step = (page: Page, status: OrderStatus) =>
  timeline(page).locator(`[data-status="${status}"]`);

test('a delivery order shows every step with "En camino", and follows the staff live', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const customer = await newCustomer(request);
  const [payment] = (
    (await (await request.get('/api/cart-type-payment')).json()) as { results: PaymentType[] }
  ).results;
  // A zone without a fee or a minimum (the demo's farther zones have both): one product is an order.
  const neighbourhood = branch.delivery.zones?.find(
    (zone) => zone.fee === 0 && zone.min_order === 0,
  )?.neighbourhood;
  if (!payment || !neighbourhood)
    throw new Error('The demo data lacks a payment type or a delivery zone');
  const saved = await request.post('/api/addresses', {
    headers: bearer(customer.access_token),
    data: { label: 'Casa', address: 'Cl. 1 #2-3', neighbourhood, city: branch.city, notes: '' },
  });
  const address = ((await saved.json()) as { results: Address }).results;
  const answer = await placeOrder(baseURL!, customer.access_token, {
    branch_office: branch,
    payment,
    detail: [await cartLine(request, branch)],
    delivery: 'domicilio',
    type_delivery: 2,
    address_id: address.id,
    user: customer.user,
  });
  if (!answer.status) throw new Error(JSON.stringify(answer.errors));
  const order = answer.order;

  await seedLogin(page, customer);
  await page.goto(`/pedidos/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Pedido #${order.id}` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText(ORDER_STATUS_TEXT.received);
  await expect(timeline(page).getByRole('listitem')).toHaveText(
    (['received', 'accepted', 'preparing', 'ready', 'on_the_way', 'delivered'] as const).map(
      (s) => new RegExp(`^${ORDER_STATUS_TEXT[s]}`),
    ),
  );
  await expect(step(page, 'received')).toHaveAttribute('data-state', 'current');
  await expect(page.getByText(`${address.address}, ${neighbourhood}`)).toBeVisible();
  await expect(page.getByText(formatMoney(order.total)).last()).toBeVisible();
  await expectNoAxeViolations(page);

  const staff = await staffToken(request);
  for (const status of ['accepted', 'preparing', 'ready', 'on_the_way'] as const) {
    await moveOrder(request, staff, order.id, status);
    await expect(page.getByTestId('order-status')).toHaveText(ORDER_STATUS_TEXT[status]);
    await expect(step(page, status)).toHaveAttribute('data-state', 'current');
    await expect(
      page.getByRole('status').filter({ hasText: `ahora está: ${ORDER_STATUS_TEXT[status]}.` }),
    ).toBeAttached();
  }
  await expect(step(page, 'received').locator('time')).toBeVisible();
  await expect(step(page, 'delivered')).toHaveAttribute('data-state', 'upcoming');
});

test('a pickup order that turns ready says so first and large, live, where to pick it up', async ({
  page,
  request,
  baseURL,
}) => {
  const { customer, answer } = await placePickupOrder(request, baseURL!);
  const { id, branch_office: branch } = answer.order;
  await seedLogin(page, customer);
  await page.goto(`/pedidos/${id}`);
  const ready = page.getByTestId('order-ready');
  const staff = await staffToken(request);
  await moveOrder(request, staff, id, 'accepted');
  await expect(page.getByTestId('order-status')).toHaveText(ORDER_STATUS_TEXT.accepted);
  await expect(ready).toHaveCount(0);
  await moveOrder(request, staff, id, 'ready');
  await expect(ready).toContainText('¡Tu pedido está listo!');
  await expect(ready).toContainText(`Ya puedes recogerlo en ${branch.title}: ${branch.address}.`);
  // On the phone's first screen, without scrolling.
  const box = (await ready.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-ready-360.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: test.info().outputPath('order-ready-1024.png') });
});

test('a cancelled order shows the steps it took and ends there', async ({
  page,
  request,
  baseURL,
}) => {
  const { customer, answer } = await placePickupOrder(request, baseURL!);
  const staff = await staffToken(request);
  await moveOrder(request, staff, answer.order.id, 'accepted');
  await moveOrder(request, staff, answer.order.id, 'cancelled');

  await seedLogin(page, customer);
  await page.goto(`/pedidos/${answer.order.id}`);
  await expect(page.getByTestId('order-status')).toHaveText(ORDER_STATUS_TEXT.cancelled);
  await expect(timeline(page).getByRole('listitem')).toHaveCount(3);
  await expect(step(page, 'cancelled')).toHaveAttribute('data-state', 'stopped');
  await expect(step(page, 'delivered')).toHaveCount(0);
  await expect(page.getByText('Esta página se actualiza sola')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the home screen of a returning customer follows the order under way live, then offers Volver a pedir', async ({
  page,
  request,
  baseURL,
}) => {
  const { customer, answer } = await placePickupOrder(request, baseURL!);
  const id = answer.order.id;

  await seedLogin(page, customer);
  await page.goto('/');
  const underWay = page.getByRole('region', { name: `Tu pedido #${id}` });
  await expect(underWay.getByTestId('active-order-status')).toHaveText(ORDER_STATUS_TEXT.received);
  await expect(underWay.getByRole('link', { name: 'Ver pedido' })).toHaveAttribute(
    'href',
    `/pedidos/${id}`,
  );
  await expect(page.getByRole('region', { name: 'Tu último pedido' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const staff = await staffToken(request);
  await moveOrder(request, staff, id, 'accepted');
  await expect(underWay.getByTestId('active-order-status')).toHaveText(ORDER_STATUS_TEXT.accepted);
  for (const status of ['preparing', 'ready', 'delivered'] as const) {
    await moveOrder(request, staff, id, status);
  }
  // Delivered, it is no longer under way: the band offers it again instead.
  await expect(underWay).toHaveCount(0);
  const again = page.getByRole('region', { name: 'Tu último pedido' });
  await expect(again).toContainText(`Pedido #${id}`);
  await expect(again.getByRole('button', { name: 'Volver a pedir' })).toBeVisible();
});

test("an unknown order, or someone else's, is a friendly not-found; logged out goes to /login", async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const owner = await newCustomer(request);
  const [payment] = (
    (await (await request.get('/api/cart-type-payment')).json()) as { results: PaymentType[] }
  ).results;
  const answer = await placeOrder(baseURL!, owner.access_token, {
    branch_office: branch,
    payment,
    detail: [await cartLine(request, branch)],
    type_delivery: 1,
  });
  if (!answer.status) throw new Error(JSON.stringify(answer.errors));

  const stranger = await newCustomer(request);
  await seedLogin(page, stranger);
  await page.goto(`/pedidos/${answer.order.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'No encontramos ese pedido' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mis Pedidos' })).toHaveAttribute('href', '/pedidos');
  await expect(page.getByRole('link', { name: 'Ir al Menu' })).toHaveAttribute('href', '/menu');
  await expectNoAxeViolations(page);

  await page.goto('/pedidos/999999999');
  await expect(
    page.getByRole('heading', { level: 1, name: 'No encontramos ese pedido' }),
  ).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('storage'));
  await page.goto(`/pedidos/${answer.order.id}`);
  await expect(page).toHaveURL(/\/login$/);
});
