import type {
  AdminPayment,
  AdminPaymentsQuery,
  AuthResponse,
  Branch,
  PaymentStatus,
  PaymentType,
  PlacedOrder,
  Product,
} from '@comanda/shared';
import type { APIRequestContext } from '@playwright/test';
import { asCartLine, sendConfirmCart, type CartLine } from './console-support';

// Online payments for the browser specs, through HTTP and Socket.IO only, against the config's
// server and its embedded payment simulator (decision 061): the demo customer places an order
// paid online, pays it (or not) at the simulator's checkout as a browser would, and staff give
// part of it back. Every function stands alone, so any spec can take the steps it needs; the
// order goes out as console-support's do.

export const DEMO_PASSWORD = 'comanda123';
export const DEMO_CUSTOMER_EMAIL = 'cliente@comanda.test';
export const DEMO_STAFF_EMAIL = 'staff@comanda.test';
export const DEMO_ADMIN_EMAIL = 'admin@comanda.test';

/** What the customer does at the simulator's checkout: Aprobar, Rechazar, Dejar pendiente. */
export type CheckoutOutcome = 'APPROVED' | 'DECLINED' | 'PENDING';
/** How the customer pays there (the checkout's «Medio de pago»). */
export type CheckoutMethod = 'CARD' | 'PSE' | 'NEQUI' | 'BANCOLOMBIA_TRANSFER';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** `POST /api/login`: a demo account (the customer unless told) with its token. */
export async function logIn(
  request: APIRequestContext,
  email = DEMO_CUSTOMER_EMAIL,
  password = DEMO_PASSWORD,
): Promise<AuthResponse> {
  const response = await request.post('/api/login', {
    data: { email_login: email, password_login: password },
  });
  return json<AuthResponse>(response, `login ${email}`);
}

/** The chain's method paid online (the demo's id 4, «Pago en línea: tarjeta, PSE o Nequi»). */
export async function onlinePaymentMethod(request: APIRequestContext): Promise<PaymentType> {
  const { results } = await json<{ results: PaymentType[] }>(
    await request.get('/api/cart-type-payment'),
    'payment methods',
  );
  const online = results.find((method) => method.online);
  if (!online) throw new Error('the server offers no online payment method (PAYMENT_PROVIDER?)');
  return online;
}

/** The demo branch open round the clock, so an order is never refused for the hour. */
export async function alwaysOpenBranch(request: APIRequestContext): Promise<Branch> {
  const { results } = await json<{ results: Branch[] }>(
    await request.get('/api/branch-office'),
    'branches',
  );
  const open = results.find(
    (branch) =>
      branch.opening_hours.length === 7 &&
      branch.opening_hours.every((day) => day.opens === '00:00' && day.closes === '24:00'),
  );
  if (!open) throw new Error('the demo chain has no branch open 24 hours');
  return open;
}

/** The first product the branch sells now, in menu order. */
export async function firstAvailableProduct(
  request: APIRequestContext,
  branch: Branch,
): Promise<Product> {
  const categories = await json<{ results: { slug: string }[] }>(
    await request.get('/api/category-client'),
    'categories',
  );
  for (const category of categories.results) {
    const listed = await json<{ results: { products: { slug: string; available: boolean }[] } }>(
      await request.get(`/api/category/${category.slug}/${branch.id}`),
      `category ${category.slug}`,
    );
    const card = listed.results.products.find((product) => product.available);
    if (!card) continue;
    const { results } = await json<{ results: Product }>(
      await request.get(`/api/products/${card.slug}/${branch.id}`),
      `product ${card.slug}`,
    );
    return results;
  }
  throw new Error(`${branch.title} sells nothing right now`);
}

let sequence = 0;

/**
 * `confirm-cart` as the storefront sends it: a pickup order of `lines` at `branch`, paid online.
 * Answers the order (waiting for its money) and the simulator's checkout the customer is sent to.
 */
export async function placeOnlineOrder(
  baseURL: string,
  customer: AuthResponse,
  { branch, lines, payment }: { branch: Branch; lines: CartLine[]; payment: PaymentType },
): Promise<{ order: PlacedOrder; redirectUrl: string }> {
  sequence += 1;
  const answer = await sendConfirmCart(baseURL, customer, {
    client_order_id: `pay-${process.pid}-${Date.now()}-${sequence}`,
    branch_office: branch,
    payment,
    form: { observation: '' },
    detail: lines,
    delivery: 2,
    type_delivery: 1,
  });
  if (!answer.status) throw new Error(`the order was refused: ${JSON.stringify(answer.errors)}`);
  if (!answer.payment) throw new Error(`order ${answer.order.id} came back without a payment`);
  return { order: answer.order, redirectUrl: answer.payment.redirect_url };
}

/**
 * What the customer's browser does at the simulator's checkout: opens the page the order was sent
 * to, then submits its form (every hidden field as given) pressing `outcome` with `method`, the
 * events reaching the server once, in order. Answers the transaction id the checkout sends the
 * customer back with.
 */
export async function payAtSimulator(
  request: APIRequestContext,
  redirectUrl: string,
  outcome: CheckoutOutcome,
  method: CheckoutMethod = 'CARD',
): Promise<string> {
  const checkout = new URL(redirectUrl);
  const page = await request.get(checkout.toString());
  const html = await page.text();
  if (page.status() !== 200) throw new Error(`checkout page ${page.status()}: ${html}`);
  // The form posts where the page says (/simulador-de-pagos/p/pay on the demo server).
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('the checkout page has no form');
  const form = Object.fromEntries(checkout.searchParams);
  const paid = await request.post(new URL(action, checkout).toString(), {
    form: { ...form, outcome, method, delivery: 'una' },
    maxRedirects: 0,
  });
  const back = paid.headers()['location'];
  if (paid.status() !== 303 || !back) throw new Error(`the checkout answered ${paid.status()}`);
  const id = new URL(back, checkout).searchParams.get('id');
  if (!id) throw new Error(`no transaction in ${back}`);
  return id;
}

/** Polls `read` every 250 ms until `done` holds; fails after 15 s with what it last read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The order as its customer reads it once its payment reads `status` (the webhook is async). */
export function waitForOrderPayment(
  request: APIRequestContext,
  customer: AuthResponse,
  orderId: number,
  status: PaymentStatus,
): Promise<PlacedOrder> {
  return until(
    async () =>
      (
        await json<{ results: PlacedOrder }>(
          await request.get(`/api/orders/${orderId}`, { headers: bearer(customer.access_token) }),
          `order ${orderId}`,
        )
      ).results,
    (order) => order.payment_status === status,
    `order ${orderId}'s payment ${status}`,
  );
}

/**
 * The demo customer's order of the branch's first product, paid online with `outcome`: placed,
 * submitted at the checkout and, unless left pending, settled on the server.
 */
export async function onlineOrder(
  request: APIRequestContext,
  baseURL: string,
  options: { outcome: CheckoutOutcome; method?: CheckoutMethod; quantity?: number },
) {
  const [customer, branch, payment] = await Promise.all([
    logIn(request),
    alwaysOpenBranch(request),
    onlinePaymentMethod(request),
  ]);
  const product = await firstAvailableProduct(request, branch);
  const lines = [asCartLine(product, options.quantity ?? 1)];
  const placed = await placeOnlineOrder(baseURL, customer, { branch, lines, payment });
  const transactionId = await payAtSimulator(
    request,
    placed.redirectUrl,
    options.outcome,
    options.method,
  );
  const settled: Partial<Record<CheckoutOutcome, PaymentStatus>> = {
    APPROVED: 'approved',
    DECLINED: 'declined',
  };
  const status = settled[options.outcome];
  const order = status
    ? await waitForOrderPayment(request, customer, placed.order.id, status)
    : placed.order;
  return { customer, branch, order, transactionId };
}

/** `POST /api/staff/orders/{id}/refund` as the demo staff: part of it, or all that is left. */
export async function refundAsStaff(
  request: APIRequestContext,
  orderId: number,
  body: { amount?: number; reason: string },
): Promise<PlacedOrder> {
  const staff = await logIn(request, DEMO_STAFF_EMAIL);
  const response = await request.post(`/api/staff/orders/${orderId}/refund`, {
    headers: bearer(staff.access_token),
    data: body,
  });
  return (await json<{ results: PlacedOrder }>(response, `refund of order ${orderId}`)).results;
}

/**
 * Makes the simulator fail the next `count` refund calls with a 500 (0 puts it back), so a refund
 * stays pending with an error until Comanda retries it (30 s later). The simulator's state is the
 * server's, shared by every spec on it: put it back when done.
 */
export async function failNextRefunds(request: APIRequestContext, count: number): Promise<void> {
  const response = await request.post(`/simulador-de-pagos/_control/voids-fail?count=${count}`);
  if (!response.ok()) throw new Error(`the simulator's control answered ${response.status()}`);
}

/** `GET /api/admin/payments` as the demo admin. */
export async function adminPayments(
  request: APIRequestContext,
  query: AdminPaymentsQuery = {},
): Promise<AdminPayment[]> {
  const admin = await logIn(request, DEMO_ADMIN_EMAIL);
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  const response = await request.get(`/api/admin/payments?${search}`, {
    headers: bearer(admin.access_token),
  });
  return (await json<{ results: AdminPayment[] }>(response, 'admin payments')).results;
}

/** The order's payment attempts as the back office lists them, once `done` holds for them. */
export function waitForAdminPayments(
  request: APIRequestContext,
  orderId: number,
  done: (payments: AdminPayment[]) => boolean,
): Promise<AdminPayment[]> {
  return until(
    async () => (await adminPayments(request)).filter((payment) => payment.order_id === orderId),
    done,
    `order ${orderId}'s payments`,
  );
}
